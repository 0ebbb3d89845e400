import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import bs58 from 'bs58';
import { z } from 'zod';
import { LOGIN_LIMIT } from '../../shared/auth/auth.js';

const MB = 1024 ** 2;

/** Open realtime sockets one account may hold by default: a tab each. */
export const DEFAULT_SOCKETS_PER_USER = 10;
/** Messages a realtime socket may send in 10 s: joins, leaves and a playing video's reports. */
export const DEFAULT_SOCKET_MESSAGES_PER_WINDOW = 20;

const DEV_SECRET = 'glint-development-secret-change-me-0000000000';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  UPLOADS_DIR: z.string().optional(),
  LIVE_DIR: z.string().optional(),
  INSTANCE_NAME: z.string().min(1).max(200).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIR: z.string().optional(),
  HELP_DIR: z.string().optional(),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  SMTP_URL: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(LOGIN_LIMIT.perAddress),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:admin@glint.local'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  MEDIA_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
  READ_CACHE_SECONDS: z.coerce.number().min(0).max(60).optional(),
  CARDS_ON_PUBLISH: z.enum(['true', 'false']).optional(),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  SHED_HEAP_MB: z.coerce.number().int().min(0).optional(),
  SHED_RSS_MB: z.coerce.number().int().min(0).default(0),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  REALTIME_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).optional(),
  REALTIME_MESSAGES_PER_WINDOW: z.coerce.number().int().min(1).optional(),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  VIDEO_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 3600),
  VIDEO_MAX_SIDE: z.coerce.number().int().min(360).default(4096),
  UPLOADS_PROCESSING_PER_USER: z.coerce.number().int().min(1).default(2),
  RTMP_PORT: z.coerce.number().int().min(-1).max(65535).default(1935),
  RTMP_HOST: z.string().optional(),
  RTMP_PUBLIC_URL: z
    .string()
    .regex(/^rtmps?:\/\//, 'must start with rtmp:// or rtmps://')
    .optional(),
  RTMP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(50),
  RTMP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  RTMP_PUBLISH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  RTMP_MAX_MESSAGE_MB: z.coerce.number().min(1).max(16).default(8),
  RTMP_MAX_RSS_MB: z.coerce.number().int().min(0).optional(),
  LIVE_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(15),
  LIVE_SEGMENT_SECONDS: z.coerce.number().min(0.5).max(6).default(0.5),
  LIVE_LADDER: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(144).max(719)).max(4))
    .transform((hs) => [...new Set(hs)].sort((a, b) => b - a)),
  MAIL_FROM: z.string().default('Glint <no-reply@glint.local>'),
  BREACH_API_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  SOLANA_CLUSTER: z.enum(['mainnet-beta', 'devnet', 'testnet', 'localnet']).default('devnet'),
  SOLANA_RPC_URL: z.url().optional(),
  /** A Birdeye-style market data API (token overview and OHLCV); unset, token panels show the chain's facts only. */
  MARKET_DATA_URL: z.url().optional(),
  MARKET_DATA_API_KEY: z.string().optional(),
  X402_FACILITATOR_URL: z.url().optional(),
  X402_FACILITATOR_KEY: z.string().optional(),
  ADMIN_EMAILS: z.string().default(''),
  NATIVE_APP_ORIGINS: z.string().default(''),
  NATIVE_APP_ID: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/, 'must be a reverse-domain app id like app.glint')
    .default('app.glint'),
  ANDROID_CERT_SHA256: z.string().default(''),
  IOS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team id')
    .optional(),
  X402_ASSET: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 SPL mint address')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /**
   * HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) on `port`, from PEM files; unset
   * serves plain HTTP/1.1, for a laptop or a proxy that terminates TLS.
   */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /** The public origin used in links and redirects (`{host}` of docs/product.md). */
  publicUrl: string;
  /** Postgres server URL; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Root of everything the server keeps on disk (embedded database, media). */
  dataDir: string;
  /**
   * Uploads in progress (tus) and the originals waiting to be transcoded, replays' and clips'
   * included (default `dataDir/uploads`). Several instances must share it: an upload may resume
   * on another instance, and any instance's worker may transcode it.
   */
  uploadsDir: string;
  /**
   * Live sessions' HLS and recordings (default `dataDir/live`). Shared by several instances, any
   * of them serves `/live/`; otherwise `/live/` must reach the instance that ingests the stream.
   */
  liveDir: string;
  /**
   * What names this instance across restarts (default: its host name and data folder): the
   * streams it ingests, and their end jobs, are its own, and it ends them when it comes back
   * after a crash. Set it where the host name changes on every start (a container).
   */
  instanceName: string;
  sessionSecret: string;
  seed: 'demo' | 'none';
  logLevel: string;
  /** The built web app (`dist/client`); missing in dev, where Vite serves it. */
  clientDir: string;
  /** The support chat's help articles (`docs/help`). */
  helpDir: string;
  /** An OpenAI-compatible model for the support chat; unset, Glint answers from its help articles alone. */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | undefined;
  /** Largest upload accepted (default 4 GB). */
  uploadMaxBytes: number;
  /** Transcoding jobs this instance runs at once; 0 runs none (an API-only instance). */
  mediaWorkers: number;
  /**
   * How long a guest's answer to a hot read may be served from memory at most (writes drop it at
   * once; this bounds what changes without a write). 0 turns the cache off, the default in tests,
   * which write to the database directly.
   */
  readCacheMs: number;
  /**
   * Whether an item's link preview card is made as it is published (a video ready, a stream
   * created or live, a bounty posted, a profile changed), so the first link shared already shows
   * it; otherwise on the first read of its page. Off by default in tests (each card is an ffmpeg
   * run), on everywhere else.
   */
  cardsOnPublish: boolean;
  /** `light` in test runs only (NODE_ENV=test): features/auth/password-hashing.ts. */
  passwordHashing: 'standard' | 'light';
  /** Open realtime sockets one account may hold (a tab each); benchmarks raise it. */
  realtimeSocketsPerUser: number;
  /** Messages one realtime socket may send in 10 s before it is closed; benchmarks raise it. */
  realtimeMessagesPerWindow: number;
  /** The work one user can cause: video length and size, videos processing at once, unfinished uploads' lifetime. */
  mediaLimits: { maxSeconds: number; maxSide: number; processingPerUser: number; uploadExpiryHours: number };
  /** Web push keys (`npx web-push generate-vapid-keys`); unset turns web push off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** S3-compatible media storage; unset keeps media on local disk under `dataDir/media`. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string | undefined;
        accessKeyId?: string | undefined;
        secretAccessKey?: string | undefined;
        publicUrl: string;
      }
    | undefined;
  /**
   * A laptop: bound to loopback and known by a localhost address. Only then may Glint use its
   * development secret and serve the local mail outbox (which holds every reset link).
   */
  localDev: boolean;
  /**
   * When API requests are refused with 503 to let the server recover: event loop delay in ms, heap
   * and resident memory in bytes; 0 turns a limit off (docs/configuration.md).
   */
  loadShedding: { maxEventLoopDelayMs: number; maxHeapBytes: number; maxRssBytes: number };
  /** Lets a scraper that is not on this machine read `/metrics` (as a bearer token). */
  metricsToken: string | undefined;
  /** Which proxies' `X-Forwarded-For` to believe: none (default), a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** Failed sign-ins allowed per address in 15 minutes (default 20). */
  loginLimitPerAddress: number;
  /**
   * Live streaming: RTMP ingest (`rtmpPort` 0 picks a free port, -1 turns RTMP off), the address
   * shown to OBS, how long a dropped publisher may take to come back before the stream ends, and
   * the length of live HLS segments (latency grows with it).
   */
  live: {
    rtmpPort: number;
    rtmpHost: string;
    rtmpPublicUrl: string | undefined;
    graceSeconds: number;
    segmentSeconds: number;
    /** Heights of the extra renditions below the 720p-at-most main one; empty: no ladder. */
    ladder: number[];
    /**
     * What one RTMP connection may cost before and after its key is accepted (src/server/features/live/rtmp.ts):
     * connections open at once in all and per address, the time from connecting to an accepted
     * publish, the largest message an accepted publisher may send, and the resident memory of the
     * process above which new connections and publishes are refused (0: no such limit).
     */
    rtmpLimits: {
      maxConnections: number;
      maxConnectionsPerAddress: number;
      publishTimeoutMs: number;
      maxMessageBytes: number;
      maxRssBytes: number;
    };
  };
  /** SMTP connection URL; unset writes mail to the local outbox under `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A Pwned-Passwords-style k-anonymity range API, checked after the bundled list. */
  breachApiUrl: string | undefined;
  /** Google sign-in over OpenID Connect; the issuer is configurable for tests and other IdPs. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Where tips and bounty rewards are verified: the cluster (for explorer links) and its JSON-RPC. */
  solana: { cluster: 'mainnet-beta' | 'devnet' | 'testnet' | 'localnet'; rpcUrl: string };
  /** Where token prices and charts come from (a Birdeye-style API), or undefined: none are shown. */
  marketData: { url: string; apiKey: string | undefined } | undefined;
  /**
   * Pay-per-view over x402: an external facilitator's URL, or the fee payer key with which Glint
   * settles payments itself (base58 or a JSON byte array, 64 bytes); the mint paid in (USDC of
   * the cluster unless set).
   */
  x402: { facilitatorUrl: string | undefined; facilitatorKey: Uint8Array | undefined; asset: string | undefined };
  /**
   * Emails whose accounts are made admins once the email is confirmed (at confirmation and at
   * every start), lowercased. How a new Glint gets its first admin; see also `npm run admin:grant`.
   */
  adminEmails: string[];
  /**
   * The native app (docs/architecture.md "Native app"): the origins its WebView pages have
   * (`capacitor://localhost` on iOS, `https://localhost` on Android), allowed through the
   * cross-site checks with a bearer token only; its id (Android package, iOS bundle id); the
   * SHA-256 fingerprints of the Android signing certificates and the Apple team id, which turn on
   * `/.well-known/assetlinks.json` and `/.well-known/apple-app-site-association`.
   */
  native: { origins: string[]; appId: string; androidCertFingerprints: string[]; iosTeamId: string | undefined };
}

const CLUSTER_RPC = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
  localnet: 'http://127.0.0.1:8899',
} as const;

export class ConfigError extends Error {}

/**
 * `RTMP_MAX_RSS_MB` unset: three quarters of the memory this process may use (its container's
 * limit where there is one, else the machine's), leaving room for the encoders it runs.
 */
function defaultMaxRssMb(): number {
  const limit = process.constrainedMemory() || os.totalmem();
  return Math.floor((Math.min(limit, os.totalmem()) * 0.75) / 1024 / 1024);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);
const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** `TRUST_PROXY`: unset, `false` or `0` trusts no proxy; a number counts hops; else a comma list of addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') throw new ConfigError("TRUST_PROXY=true would believe any client's X-Forwarded-For: give the hop count or the proxies' addresses.");
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal.`);
    }
  }
  return list;
}

/** `ADMIN_EMAILS`: a comma-separated list of email addresses, compared without case. */
export function parseAdminEmails(value: string): string[] {
  const list = value
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  for (const email of list) {
    if (!z.email().safeParse(email).success) throw new ConfigError(`ADMIN_EMAILS: "${email}" is not an email address.`);
  }
  return [...new Set(list)];
}

/**
 * `NATIVE_APP_ORIGINS`: a comma list of exact origins (`scheme://host[:port]`, nothing after it).
 * A wildcard or the opaque `null` origin would let any page through, so they are refused.
 */
export function parseNativeOrigins(value: string): string[] {
  const list = value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of list) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    // `capacitor://localhost` has an opaque origin in WHATWG terms: compare the text instead.
    const origin = url && url.host ? `${url.protocol}//${url.host}` : undefined;
    if (!url || !origin || origin !== entry.toLowerCase() || entry.includes('*') || (url.protocol === 'http:' && !/^http:\/\/localhost(:\d+)?$/.test(entry))) {
      throw new ConfigError(`NATIVE_APP_ORIGINS: "${entry}" is not an origin like capacitor://localhost or https://localhost.`);
    }
  }
  return [...new Set(list.map((x) => x.toLowerCase()))];
}

/** `ANDROID_CERT_SHA256`: signing certificate fingerprints, `AB:CD:…` (32 bytes), comma separated. */
export function parseCertFingerprints(value: string): string[] {
  const list = value
    .split(',')
    .map((x) => x.trim().toUpperCase())
    .filter(Boolean);
  for (const fp of list) {
    if (!/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/.test(fp))
      throw new ConfigError(`ANDROID_CERT_SHA256: "${fp}" is not a SHA-256 fingerprint (32 hex pairs joined by colons).`);
  }
  return [...new Set(list)];
}

/** A Solana secret key as wallets export it: base58 (Phantom) or a JSON array of bytes (solana-keygen); 64 bytes. */
export function parseSecretKey(value: string): Uint8Array {
  const v = value.trim();
  let bytes: Uint8Array | undefined;
  try {
    bytes = v.startsWith('[') ? Uint8Array.from(JSON.parse(v) as number[]) : bs58.decode(v);
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length !== 64) throw new ConfigError('X402_FACILITATOR_KEY must be a 64-byte Solana secret key, in base58 or as a JSON array of bytes.');
  return bytes;
}

/** `TLS_CERT_FILE` and `TLS_KEY_FILE`: both or neither, each a readable PEM file. */
function readTls(certFile: string | undefined, keyFile: string | undefined, cwd: string): Config['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve HTTPS, or neither.');
  const read = (name: string, file: string, marker: RegExp) => {
    let pem: Buffer;
    try {
      pem = fs.readFileSync(path.resolve(cwd, file));
    } catch (err) {
      throw new ConfigError(`${name}: ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
    }
    if (!marker.test(pem.toString('latin1'))) throw new ConfigError(`${name}: ${file} is not a PEM file of that kind.`);
    return pem;
  };
  return {
    cert: read('TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/),
    key: read('TLS_KEY_FILE', keyFile, /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/),
  };
}

/** Reads and validates every setting once. Production refuses to start without a real secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const tls = readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE, cwd);
  const publicUrl = (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/+$/, '');
  const localDev = isLoopbackHost(e.HOST) && isLoopbackHost(new URL(publicUrl).hostname);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET is required in production (at least 32 characters).');
  }
  if (!localDev && !e.SESSION_SECRET) {
    throw new ConfigError(
      'SESSION_SECRET is required (at least 32 characters) unless Glint runs on a laptop: bound to loopback (HOST=127.0.0.1) with a localhost PUBLIC_URL.',
    );
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    tls,
    publicUrl,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    uploadsDir: path.resolve(cwd, e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    liveDir: path.resolve(cwd, e.LIVE_DIR ?? path.join(dataDir, 'live')),
    instanceName: e.INSTANCE_NAME ?? `${os.hostname()}:${dataDir}`,
    sessionSecret: e.SESSION_SECRET ?? DEV_SECRET,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(cwd, e.CLIENT_DIR ?? 'dist/client'),
    helpDir: path.resolve(cwd, e.HELP_DIR ?? 'docs/help'),
    llm:
      e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000 }
        : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    mediaWorkers: e.MEDIA_WORKERS,
    // Off in tests, whose busy machines stall the loop; the heap limit is a little below Node's own.
    loadShedding: {
      maxEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
      maxHeapBytes: e.SHED_HEAP_MB !== undefined ? e.SHED_HEAP_MB * MB : e.NODE_ENV === 'test' ? 0 : Math.round(v8.getHeapStatistics().heap_size_limit * 0.9),
      maxRssBytes: e.SHED_RSS_MB * MB,
    },
    metricsToken: e.METRICS_TOKEN,
    // Test runs hash passwords at a lighter scrypt work factor (features/auth/password-hashing.ts).
    passwordHashing: e.NODE_ENV === 'test' ? 'light' : 'standard',
    readCacheMs: (e.READ_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    cardsOnPublish: (e.CARDS_ON_PUBLISH ?? (e.NODE_ENV === 'test' ? 'false' : 'true')) === 'true',
    realtimeSocketsPerUser: e.REALTIME_SOCKETS_PER_USER ?? DEFAULT_SOCKETS_PER_USER,
    realtimeMessagesPerWindow: e.REALTIME_MESSAGES_PER_WINDOW ?? DEFAULT_SOCKET_MESSAGES_PER_WINDOW,
    mediaLimits: {
      maxSeconds: e.VIDEO_MAX_SECONDS,
      maxSide: e.VIDEO_MAX_SIDE,
      processingPerUser: e.UPLOADS_PROCESSING_PER_USER,
      uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    },
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT } : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl:
            e.S3_PUBLIC_URL ??
            (e.S3_ENDPOINT ? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}` : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`),
        }
      : undefined,
    localDev,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginLimitPerAddress: e.LOGIN_LIMIT_PER_ADDRESS,
    live: {
      rtmpPort: e.RTMP_PORT,
      rtmpHost: e.RTMP_HOST ?? e.HOST,
      rtmpPublicUrl: e.RTMP_PUBLIC_URL,
      graceSeconds: e.LIVE_GRACE_SECONDS,
      segmentSeconds: e.LIVE_SEGMENT_SECONDS,
      ladder: e.LIVE_LADDER,
      rtmpLimits: {
        maxConnections: e.RTMP_MAX_CONNECTIONS,
        maxConnectionsPerAddress: e.RTMP_MAX_CONNECTIONS_PER_ADDRESS,
        publishTimeoutMs: e.RTMP_PUBLISH_TIMEOUT_SECONDS * 1000,
        maxMessageBytes: Math.round(e.RTMP_MAX_MESSAGE_MB * 1024 * 1024),
        maxRssBytes: (e.RTMP_MAX_RSS_MB ?? defaultMaxRssMb()) * 1024 * 1024,
      },
    },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    breachApiUrl: e.BREACH_API_URL,
    solana: { cluster: e.SOLANA_CLUSTER, rpcUrl: e.SOLANA_RPC_URL ?? CLUSTER_RPC[e.SOLANA_CLUSTER] },
    marketData: e.MARKET_DATA_URL ? { url: e.MARKET_DATA_URL.replace(/\/+$/, ''), apiKey: e.MARKET_DATA_API_KEY } : undefined,
    x402: {
      facilitatorUrl: e.X402_FACILITATOR_URL,
      facilitatorKey: e.X402_FACILITATOR_KEY ? parseSecretKey(e.X402_FACILITATOR_KEY) : undefined,
      asset: e.X402_ASSET,
    },
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    native: {
      origins: parseNativeOrigins(e.NATIVE_APP_ORIGINS),
      appId: e.NATIVE_APP_ID,
      androidCertFingerprints: parseCertFingerprints(e.ANDROID_CERT_SHA256),
      iosTeamId: e.IOS_TEAM_ID,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
  };
}
