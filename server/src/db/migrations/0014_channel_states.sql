CREATE TABLE "channel_states" (
	"name" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"reason" text,
	"cooldown_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
