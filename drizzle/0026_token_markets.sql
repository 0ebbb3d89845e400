CREATE TABLE "token_markets" (
	"mint" text PRIMARY KEY NOT NULL,
	"quote" jsonb,
	"candles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone,
	"claimed_at" timestamp with time zone
);
