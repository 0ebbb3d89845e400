ALTER TABLE "chat_messages" ADD COLUMN "links_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rules" ADD COLUMN "slow_seconds" integer;--> statement-breakpoint
ALTER TABLE "chat_rules" ADD COLUMN "followers_minutes" integer;