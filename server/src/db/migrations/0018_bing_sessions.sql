-- Bing (Copilot / Sydney) keeps its own conversation upstream: its ids, signature and the turn counter, continued by the next message.
ALTER TABLE "conversations" ADD COLUMN "upstream" jsonb;--> statement-breakpoint
-- A reply's sources (numbered links) and the follow-ups the model suggested.
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "suggestions" jsonb;
