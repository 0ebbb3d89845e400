-- Search (issue 6): trigram similarity for names with typos, full-text for titles and descriptions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_username_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_display_name_trgm_idx" ON "profiles" USING gin (lower("display_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "videos_fts_idx" ON "videos" USING gin (to_tsvector('simple', "title" || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "livestreams_fts_idx" ON "livestreams" USING gin (to_tsvector('simple', "title" || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bounties_fts_idx" ON "bounties" USING gin (to_tsvector('simple', "title" || ' ' || "description"));
