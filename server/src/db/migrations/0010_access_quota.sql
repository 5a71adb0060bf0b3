CREATE TABLE "daily_calls" (
	"subject" text NOT NULL,
	"model" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_calls_subject_model_day_pk" PRIMARY KEY("subject","model","day")
);
--> statement-breakpoint
DROP INDEX "orders_pay_id_idx";--> statement-breakpoint
ALTER TABLE "access_keys" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD COLUMN "hold_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance" bigint;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_user_idx" ON "access_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_keys_prefix_idx" ON "access_keys" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_key_pay_id_idx" ON "orders" USING btree ("access_key_id","pay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_trade_no_idx" ON "orders" USING btree ("trade_no");