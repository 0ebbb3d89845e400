ALTER TABLE "profiles" ADD COLUMN "allow_clips" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clipped_by_id" text;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_clipped_by_id_profiles_id_fk" FOREIGN KEY ("clipped_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_clipped_by_idx" ON "videos" USING btree ("clipped_by_id","created_at") WHERE "videos"."clipped_by_id" is not null;--> statement-breakpoint
-- Clips made before: the clipper is who pressed Clip, the owner becomes the stream's creator.
UPDATE "videos" SET "clipped_by_id" = "videos"."owner_id", "owner_id" = "livestreams"."owner_id" FROM "livestreams" WHERE "videos"."source_stream_id" = "livestreams"."id" AND "videos"."clipped_by_id" IS NULL;
