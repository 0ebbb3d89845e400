CREATE TABLE "stream_viewer_samples" (
	"stream_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "stream_viewer_samples_stream_id_minute_pk" PRIMARY KEY("stream_id","minute")
);
--> statement-breakpoint
ALTER TABLE "stream_viewer_samples" ADD CONSTRAINT "stream_viewer_samples_stream_id_livestreams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."livestreams"("id") ON DELETE cascade ON UPDATE no action;