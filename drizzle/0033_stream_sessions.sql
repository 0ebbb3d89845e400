CREATE TABLE "stream_sessions" (
	"stream_id" uuid NOT NULL,
	"session" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "stream_sessions_stream_id_session_pk" PRIMARY KEY("stream_id","session")
);
--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_stream_id_livestreams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."livestreams"("id") ON DELETE cascade ON UPDATE no action;