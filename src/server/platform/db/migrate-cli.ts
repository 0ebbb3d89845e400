// `npm run db:migrate`: applies the committed migrations to the configured database.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await database.migrate();
await database.close();
console.warn(`migrations applied (${database.kind})`);
