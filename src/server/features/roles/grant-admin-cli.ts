// `npm run admin:grant -- <username>`: makes an account an admin, on the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR, which Glint must not have open meanwhile).
// The audit log records it with no actor: the system.
import path from 'node:path';
import { loadConfig } from '../../platform/config.js';
import { DatabaseInUseError, openDatabase, type Database } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import { grantAdminFromCli } from './service.js';

const username = process.argv[2] ?? '';
if (!username || process.argv.length > 3) {
  console.error('Usage: npm run admin:grant -- <username>');
  process.exit(64);
}
const config = loadConfig();
let database: Database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
} catch (err) {
  console.error(err instanceof DatabaseInUseError ? err.message : err);
  process.exit(1);
}
let code = 0;
try {
  await database.migrate();
  process.stdout.write(`${await grantAdminFromCli(database.db, username)}\n`);
} catch (err) {
  code = 1;
  console.error(err instanceof HttpError ? err.message : err);
} finally {
  await database.close();
}
process.exit(code);
