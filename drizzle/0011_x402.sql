CREATE TYPE "public"."video_purchase_status" AS ENUM('settling', 'settled');--> statement-breakpoint
CREATE TABLE "video_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"buyer_id" text,
	"payer_wallet" text NOT NULL,
	"pay_to" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"amount_micro_usdc" integer NOT NULL,
	"payment_key" text NOT NULL,
	"transaction" text,
	"status" "video_purchase_status" DEFAULT 'settling' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "price_micro_usdc" integer;--> statement-breakpoint
ALTER TABLE "video_purchases" ADD CONSTRAINT "video_purchases_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_purchases" ADD CONSTRAINT "video_purchases_buyer_id_auth_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_purchases_payment_key_idx" ON "video_purchases" USING btree ("payment_key");--> statement-breakpoint
CREATE UNIQUE INDEX "video_purchases_transaction_idx" ON "video_purchases" USING btree ("transaction");--> statement-breakpoint
CREATE UNIQUE INDEX "video_purchases_buyer_video_idx" ON "video_purchases" USING btree ("buyer_id","video_id") WHERE "video_purchases"."buyer_id" is not null;--> statement-breakpoint
CREATE INDEX "video_purchases_video_idx" ON "video_purchases" USING btree ("video_id","status");