CREATE TABLE "chat_rules" (
	"stream_id" uuid PRIMARY KEY NOT NULL,
	"holders_mint" text,
	"holders_minimum" text,
	"holders_minimum_units" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_holdings" (
	"wallet" text NOT NULL,
	"mint" text NOT NULL,
	"amount" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_holdings_wallet_mint_pk" PRIMARY KEY("wallet","mint")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "holder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rules" ADD CONSTRAINT "chat_rules_stream_id_livestreams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."livestreams"("id") ON DELETE cascade ON UPDATE no action;