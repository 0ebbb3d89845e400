CREATE TABLE "chat_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" text,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"hold" boolean DEFAULT false NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_filters" ADD CONSTRAINT "chat_filters_channel_id_profiles_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_filters_channel_idx" ON "chat_filters" USING btree (coalesce("channel_id", ''));