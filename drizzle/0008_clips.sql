ALTER TABLE "livestreams" ADD COLUMN "ingest_instance" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "source_stream_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_source_stream_id_livestreams_id_fk" FOREIGN KEY ("source_stream_id") REFERENCES "public"."livestreams"("id") ON DELETE set null ON UPDATE no action;