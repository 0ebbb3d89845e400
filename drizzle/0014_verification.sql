CREATE TYPE "public"."verification_request_status" AS ENUM('pending', 'granted', 'rejected', 'withdrawn', 'revoked');--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"badge" "verification_type" NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "verification_request_status" DEFAULT 'pending' NOT NULL,
	"granted_badge" "verification_type",
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_requests_badge_check" CHECK ("verification_requests"."badge" <> 'none'),
	CONSTRAINT "verification_requests_granted_badge_check" CHECK ("verification_requests"."granted_badge" is null or "verification_requests"."granted_badge" <> 'none')
);
--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_one_pending_idx" ON "verification_requests" USING btree ("user_id") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_user_idx" ON "verification_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_requests_status_idx" ON "verification_requests" USING btree ("status","created_at");--> statement-breakpoint
-- Added by hand: Glint always keeps an admin. Removing the last admin role (or the last admin's
-- account) is refused by the database itself, whatever the caller. Concurrent removals take the
-- same transaction lock in turn, and the second one counts after the first has committed.
CREATE FUNCTION "keep_last_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'admin' AND (TG_OP = 'DELETE' OR NEW.role <> 'admin' OR NEW.user_id <> OLD.user_id) THEN
    PERFORM pg_advisory_xact_lock(4711001);
    IF NOT EXISTS (SELECT 1 FROM user_roles WHERE role = 'admin' AND user_id <> OLD.user_id) THEN
      RAISE EXCEPTION 'the last admin cannot be removed' USING ERRCODE = 'GL001';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_roles_keep_last_admin" BEFORE UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "keep_last_admin"();
