ALTER TABLE "orders" ADD COLUMN "purpose" text DEFAULT 'key_topup' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_key_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "new_key_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "new_key_prefix" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sealed_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "browser_secret_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_key_id_access_keys_id_fk" FOREIGN KEY ("created_key_id") REFERENCES "public"."access_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_created_key_idx" ON "orders" USING btree ("created_key_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");
