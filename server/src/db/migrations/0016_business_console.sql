ALTER TABLE "orders" ADD COLUMN "refunded_quota" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure" text;--> statement-breakpoint
UPDATE "orders" SET "status" = 'credited' WHERE "status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "redemption_codes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"batch_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"kind" text NOT NULL,
	"quota" bigint NOT NULL,
	"key_days" integer,
	"note" text,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'unused' NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_key_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redemption_codes" ADD CONSTRAINT "redemption_codes_redeemed_key_id_access_keys_id_fk" FOREIGN KEY ("redeemed_key_id") REFERENCES "public"."access_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redemption_codes_hash_idx" ON "redemption_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "redemption_codes_created_idx" ON "redemption_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "redemption_codes_batch_idx" ON "redemption_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE TABLE "business_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
