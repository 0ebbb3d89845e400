import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import type { TestProject } from 'vitest/node';
import bs58 from 'bs58';
import { keypairBytes, startPaidChain } from '../../src/server/test-support/x402.js';
import { freePort } from '../../src/server/test-support/net.js';
import { startLocalMarket } from '../../src/server/test-support/market.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The local Solana JSON-RPC the app verifies payments on, and test wallets pay through. */
    solanaRpcUrl: string;
    /** The local USDC mint's authority (64-byte secret, base58): opens token accounts and mints USDC for tests. */
    usdcMintAuthority: string;
  }
}

/** Starts the built app (as `npm start` does) on a free port over a throw-away data folder. */
export default async function setup(project: TestProject) {
  const entry = path.resolve('dist/server/src/server/main.js');
  if (!fs.existsSync(entry) || !fs.existsSync('dist/client/index.html')) {
    throw new Error('The app is not built: run `npm run build` before the end-to-end tests.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  // Google, held at its protocol boundary: a local OpenID Connect server that signs in one person.
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  const google = { sub: 'e2e-google-1', email: 'grace@gmail.example', email_verified: true, name: 'Grace Hopper' };
  idp.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, google));
  idp.service.on('beforeUserinfo', (res) => {
    res.body = { ...google };
  });
  // Solana, held at its protocol boundary: a local chain behind JSON-RPC that runs real
  // transactions, with a USDC-like mint at devnet's USDC address and a funded x402 fee payer.
  const paid = await startPaidChain();
  const chain = paid.chain;
  // Token prices, held at their protocol boundary too: a local Birdeye-style market data API.
  const market = await startLocalMarket();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    LOGIN_LIMIT_PER_ADDRESS: '500',
    RTMP_PORT: '0',
    LIVE_GRACE_SECONDS: '2',
    // One small extra rendition, so viewers get the live quality menu.
    LIVE_LADDER: '240',
    GOOGLE_CLIENT_ID: 'glint-e2e',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_ISSUER: idp.issuer.url!,
    // The first admin (tests/e2e/admin.e2e.ts), and the admin whose screens axe checks
    // (tests/e2e/a11y.e2e.ts): whoever confirms these addresses.
    ADMIN_EMAILS: 'e2e-admin@example.com,axeadmin@example.com',
    // The Android app's pages (tests/e2e/native.e2e.ts serves them from https://localhost).
    NATIVE_APP_ORIGINS: 'https://localhost',
    MARKET_DATA_URL: market.url,
    ...paid.env,
  };
  delete env.DATABASE_URL; // the browser suite runs on the embedded default
  const child: ChildProcess = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error('The Glint server exited during start-up (see its log above).');
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The Glint server did not become healthy within 180 s.');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('solanaRpcUrl', chain.url);
  project.provide('usdcMintAuthority', bs58.encode(keypairBytes(paid.mintAuthority)));

  return async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await idp.stop();
    await chain.close();
    await market.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
