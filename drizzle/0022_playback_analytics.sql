CREATE TABLE "follow_changes" (
	"followee_id" text NOT NULL,
	"change" smallint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_creator_daily" (
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"watch_seconds" double precision DEFAULT 0 NOT NULL,
	"followers_gained" integer DEFAULT 0 NOT NULL,
	"followers_lost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_creator_daily_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_playback_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_playback_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"video_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"playback_id" text NOT NULL,
	"position_seconds" real NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_retention_daily" (
	"video_id" uuid NOT NULL,
	"day" date NOT NULL,
	"point" smallint NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "analytics_retention_daily_video_id_day_point_pk" PRIMARY KEY("video_id","day","point")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rolled_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_source_daily" (
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_source_daily_owner_id_day_source_pk" PRIMARY KEY("owner_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_video_daily" (
	"video_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"watch_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_video_daily_video_id_day_pk" PRIMARY KEY("video_id","day")
);
--> statement-breakpoint
ALTER TABLE "video_views" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "follow_changes" ADD CONSTRAINT "follow_changes_followee_id_auth_user_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_creator_daily" ADD CONSTRAINT "analytics_creator_daily_owner_id_auth_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_playback_reports" ADD CONSTRAINT "analytics_playback_reports_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_retention_daily" ADD CONSTRAINT "analytics_retention_daily_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_source_daily" ADD CONSTRAINT "analytics_source_daily_owner_id_auth_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_daily" ADD CONSTRAINT "analytics_video_daily_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_daily" ADD CONSTRAINT "analytics_video_daily_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_changes_at_idx" ON "follow_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_playback_reports_reported_idx" ON "analytics_playback_reports" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "analytics_video_daily_owner_idx" ON "analytics_video_daily" USING btree ("owner_id","day");