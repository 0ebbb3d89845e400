CREATE TABLE "channel_moderators" (
	"channel_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_moderators_channel_id_user_id_pk" PRIMARY KEY("channel_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "channel_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_moderators" ADD CONSTRAINT "channel_moderators_channel_id_profiles_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_moderators" ADD CONSTRAINT "channel_moderators_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_moderators_user_idx" ON "channel_moderators" USING btree ("user_id");