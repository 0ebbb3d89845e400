DROP INDEX "payments_signature_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_verified_signature_idx" ON "payments" USING btree ("signature") WHERE "payments"."status" in ('confirmed', 'finalized');--> statement-breakpoint
CREATE INDEX "payments_signature_idx" ON "payments" USING btree ("signature");