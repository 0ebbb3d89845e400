CREATE TYPE "public"."report_reason" AS ENUM('spam', 'scam', 'harassment', 'nudity', 'violence', 'copyright', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'actioned', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."report_target" AS ENUM('video', 'stream', 'comment', 'chat_message', 'user');--> statement-breakpoint
CREATE TYPE "public"."sanction_kind" AS ENUM('suspension', 'ban');--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" "report_target" NOT NULL,
	"target_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "sanctions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kind" "sanction_kind" NOT NULL,
	"until" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "livestreams" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_comments" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_auth_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_auth_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_by_id_auth_user_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_kind_created_idx" ON "sanctions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "livestreams_taken_down_idx" ON "livestreams" USING btree ("taken_down_at") WHERE "livestreams"."taken_down_at" is not null;--> statement-breakpoint
CREATE INDEX "video_comments_taken_down_idx" ON "video_comments" USING btree ("taken_down_at") WHERE "video_comments"."taken_down_at" is not null;--> statement-breakpoint
CREATE INDEX "videos_taken_down_idx" ON "videos" USING btree ("taken_down_at") WHERE "videos"."taken_down_at" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_taken_down_idx" ON "chat_messages" USING btree ("taken_down_at") WHERE "chat_messages"."taken_down_at" is not null;