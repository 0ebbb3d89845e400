import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each integration file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
