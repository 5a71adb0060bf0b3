ALTER TABLE "files" ADD COLUMN "kind" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "text_truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_files_idx" ON "messages" USING gin ("files" jsonb_path_ops);
