// `npm run openapi:lint`: builds the app in-process (over an in-memory database, listening on
// nothing), writes its OpenAPI document to a temporary file and lints it with Redocly's
// recommended rules (redocly.yaml). Exits with Redocly's status.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/platform/config.js';
import { openDatabase } from '../src/server/platform/db/client.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-openapi-'));
let status = 1;
try {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SEED: 'none', LOG_LEVEL: 'silent', RTMP_PORT: '-1', MEDIA_WORKERS: '0' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  // `npm run openapi:lint -- out.json` keeps a copy of the document.
  const file = process.argv[2] ? path.resolve(process.argv[2]) : path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  await database.close();
  const lint = spawnSync('npx', ['redocly', 'lint', '--extends', 'recommended', '--config', 'redocly.yaml', file], { stdio: 'inherit' });
  status = lint.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
