CREATE TABLE "tokens" (
	"mint" text PRIMARY KEY NOT NULL,
	"program" text NOT NULL,
	"decimals" integer NOT NULL,
	"supply" text NOT NULL,
	"mint_authority" text,
	"freeze_authority" text,
	"name" text,
	"symbol" text,
	"uri" text,
	"update_authority" text,
	"creators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"launch_creator" text,
	"controllers" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"image_from" text,
	"read_at" timestamp with time zone NOT NULL
);
