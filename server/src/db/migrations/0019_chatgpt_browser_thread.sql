-- Where a ChatGPT-browser reply lives in ChatGPT's own conversation tree: the next message, a
-- regenerate or an edit below it continues from there (conversation_id, parent_message_id).
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "upstream_conversation_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "upstream_message_id" text;
