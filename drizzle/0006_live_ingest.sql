CREATE TABLE "stream_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "livestreams" ADD COLUMN "live_session" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "livestreams" ADD COLUMN "publishing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "livestreams" ADD COLUMN "hls_path" text;--> statement-breakpoint
ALTER TABLE "stream_keys" ADD CONSTRAINT "stream_keys_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;