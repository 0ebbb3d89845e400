CREATE TABLE "watch_history_pauses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_history_pauses" ADD CONSTRAINT "watch_history_pauses_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_progress_user_updated_idx" ON "video_progress" USING btree ("user_id","updated_at");