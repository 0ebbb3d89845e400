import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each layer and feature keeps its own tables (docs/architecture.md "Server layout").
  schema: [
    './src/server/access/schema.ts',
    './src/server/features/auth/schema.ts',
    './src/server/features/live/schema.ts',
    './src/server/features/videos/schema.ts',
    './src/server/features/bounties/schema.ts',
    './src/server/features/payments/schema.ts',
    './src/server/features/chat/schema.ts',
    './src/server/features/x402/schema.ts',
    './src/server/features/audit/schema.ts',
    './src/server/features/verification/schema.ts',
    './src/server/features/moderation/schema.ts',
    './src/server/features/privacy/schema.ts',
    './src/server/features/profiles/schema.ts',
    './src/server/features/notifications/schema.ts',
    './src/server/features/wallet/schema.ts',
    './src/server/features/analytics/schema.ts',
    './src/server/features/tokens/schema.ts',
    './src/server/features/playlists/schema.ts',
    './src/server/platform/db/schema.ts',
  ],
  out: './drizzle',
});
