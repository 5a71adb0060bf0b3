DROP INDEX "messages_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "messages_user_text_trgm_idx" ON "messages" USING gin ("user_id","text" gin_trgm_ops);