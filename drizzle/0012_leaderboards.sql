ALTER TABLE "video_views" ADD COLUMN "viewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Added by hand: rows counted before this migration are dated at the start of their view window.
UPDATE "video_views" SET "viewed_at" = "window_start";--> statement-breakpoint
CREATE INDEX "video_views_viewed_at_idx" ON "video_views" USING btree ("viewed_at","video_id") WHERE "video_views"."viewer_key" not like 'share:%';--> statement-breakpoint
CREATE INDEX "video_views_shares_idx" ON "video_views" USING btree ("window_start") WHERE "video_views"."viewer_key" like 'share:%';--> statement-breakpoint
CREATE INDEX "follows_created_idx" ON "follows" USING btree ("created_at","followee_id");