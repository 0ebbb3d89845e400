CREATE TYPE "public"."bounty_claim_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('tip', 'bounty');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('created', 'pending', 'confirmed', 'finalized', 'failed');--> statement-breakpoint
CREATE TABLE "bounty_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bounty_id" uuid NOT NULL,
	"claimant_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "bounty_claim_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"payer_id" text NOT NULL,
	"payee_id" text NOT NULL,
	"payer_wallet" text NOT NULL,
	"payee_wallet" text NOT NULL,
	"lamports" bigint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"content_type" text,
	"content_id" text,
	"bounty_id" uuid,
	"claim_id" uuid,
	"status" "payment_status" DEFAULT 'created' NOT NULL,
	"signature" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "approved_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bounties" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "tip_lamports" bigint;--> statement-breakpoint
ALTER TABLE "bounty_claims" ADD CONSTRAINT "bounty_claims_bounty_id_bounties_id_fk" FOREIGN KEY ("bounty_id") REFERENCES "public"."bounties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounty_claims" ADD CONSTRAINT "bounty_claims_claimant_id_auth_user_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_auth_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payee_id_auth_user_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bounty_id_bounties_id_fk" FOREIGN KEY ("bounty_id") REFERENCES "public"."bounties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bounty_claims_one_per_content_idx" ON "bounty_claims" USING btree ("bounty_id","content_id");--> statement-breakpoint
CREATE INDEX "bounty_claims_claimant_idx" ON "bounty_claims" USING btree ("claimant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_signature_idx" ON "payments" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "payments_payee_finalized_idx" ON "payments" USING btree ("payee_id","finalized_at") WHERE "payments"."status" = 'finalized';--> statement-breakpoint
CREATE INDEX "payments_payer_finalized_idx" ON "payments" USING btree ("payer_id","finalized_at") WHERE "payments"."status" = 'finalized';--> statement-breakpoint
CREATE INDEX "payments_finalized_at_idx" ON "payments" USING btree ("finalized_at") WHERE "payments"."status" = 'finalized';--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "payments_bounty_idx" ON "payments" USING btree ("bounty_id");--> statement-breakpoint
CREATE INDEX "bounties_status_deadline_idx" ON "bounties" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "bounties_poster_idx" ON "bounties" USING btree ("poster_id");