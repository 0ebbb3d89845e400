// `npm run db:seed`: migrates, then seeds demo content into the configured database if it is new.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await database.migrate();
const seeded = await seedIfEmpty(database.db);
await database.close();
console.warn(seeded ? 'demo content seeded' : 'database already has content: nothing seeded');
