-- Background jobs moved to pg-boss (its own `pgboss` schema): the hand-written queue table goes.
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
DROP TYPE "public"."job_status";