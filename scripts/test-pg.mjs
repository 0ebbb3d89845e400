// The PostgreSQL pass of the integration tests: runs them again against the server of
// DATABASE_URL, each test file in a database of its own. Without DATABASE_URL it says so.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: PostgreSQL pass skipped (integration tests ran on PGlite).');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', 'src/server'], {
  stdio: 'inherit',
  env: { ...process.env, GLINT_TEST_DB: 'postgres' },
});
process.exit(r.status ?? 1);
