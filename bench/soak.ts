// Soak: simulated people, each signed in through the real API, browse (home, watch pages,
// search, profiles), like, comment and follow against one built server for a while. Prints the
// requests, the errors (there must be none), latency, and the server's memory at the start, the
// middle and the end. Run by `npm run bench` (or `-- soak`); needs `npm run build`.
import { inBatches, spawnServer, waitFor200 } from './server-process.js';

const USERS = Number(process.env.SOAK_USERS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CREATORS = ['solwhale', 'builderbo', 'defidan', 'memequeen', 'nftnina'];
const WORDS = ['sol', 'defi', 'chart', 'pixel', 'anchor', 'rug', 'pools'];

export interface SoakResult {
  users: number;
  seconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  p50: number;
  p99: number;
  rssMb: { start: number; middle: number; end: number };
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

export async function soakBenchmark(): Promise<SoakResult> {
  const server = await spawnServer({ SEED: 'demo', READ_CACHE_SECONDS: '5' });
  try {
    await waitFor200(`${server.base}/api/health`, server.spawnedAt, 300_000);
    // The demo videos are made on first start; people arrive once one can be watched.
    const until = Date.now() + 300_000;
    let videoIds: string[] = [];
    while (!videoIds.length) {
      if (Date.now() > until) throw new Error('no demo video became ready');
      const home = (await (await fetch(`${server.base}/api/home`)).json()) as { videos: { id: string }[]; shorts: { id: string }[] };
      videoIds = [...home.videos, ...home.shorts].map((v) => v.id);
      if (!videoIds.length) await new Promise((r) => setTimeout(r, 500));
    }
    const cookies = await inBatches(
      Array.from({ length: USERS }, (_, i) => `soak_${i}`),
      8,
      (name) => server.account(name),
    );

    const latencies: number[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    let unanswered = 0;
    const call = async (cookie: string, method: string, url: string, body?: unknown) => {
      const t0 = performance.now();
      try {
        const res = await fetch(server.base + url, {
          method,
          headers: { cookie, origin: server.base, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        if (res.status >= 400) {
          errors++;
          if (errorSamples.length < 10) errorSamples.push(`${method} ${url} -> ${res.status} ${text.slice(0, 120)}`);
          return undefined;
        }
        return text;
      } catch (err) {
        errors++;
        unanswered++;
        if (errorSamples.length < 10) errorSamples.push(`${method} ${url} -> ${String(err)}`);
        return undefined;
      }
    };

    const rssStart = server.rssMb();
    let rssMiddle = rssStart;
    const middle = setTimeout(() => (rssMiddle = server.rssMb()), (SECONDS * 1000) / 2);
    const stopAt = Date.now() + SECONDS * 1000;
    // New videos become ready while this runs; the list is refreshed now and then.
    const refresh = setInterval(() => {
      void fetch(`${server.base}/api/videos?kind=long&limit=24`)
        .then(async (r) => ((await r.json()) as { id: string }[]).map((v) => v.id))
        .then((ids) => {
          if (ids.length) videoIds = ids;
        })
        .catch(() => {});
    }, 5000);

    await Promise.all(
      cookies.map(async (cookie) => {
        await new Promise((r) => setTimeout(r, Math.random() * 1000));
        while (Date.now() < stopAt) {
          const roll = Math.random();
          const id = pick(videoIds);
          if (roll < 0.3) await call(cookie, 'GET', '/api/home');
          else if (roll < 0.6) {
            // A watch page: the video, the row beside it, its comments, and the view it counts.
            await Promise.all([
              call(cookie, 'GET', `/api/videos/${id}`),
              call(cookie, 'GET', `/api/videos?kind=long&exclude=${id}&limit=12`),
              call(cookie, 'GET', `/api/videos/${id}/comments`),
            ]);
            await call(cookie, 'POST', `/api/videos/${id}/view`, {});
          } else if (roll < 0.7) await call(cookie, 'GET', `/api/search?q=${pick(WORDS)}`);
          else if (roll < 0.8) await call(cookie, 'GET', `/api/profiles/${pick(CREATORS)}`);
          else if (roll < 0.88) {
            if (Math.random() < 0.7) await call(cookie, 'PUT', `/api/videos/${id}/like`, {});
            else await call(cookie, 'DELETE', `/api/videos/${id}/like`);
          } else if (roll < 0.95) await call(cookie, 'POST', `/api/videos/${id}/comments`, { body: 'Great video, thanks!' });
          else if (Math.random() < 0.8) await call(cookie, 'PUT', `/api/profiles/${pick(CREATORS)}/follow`, {});
          else await call(cookie, 'DELETE', `/api/profiles/${pick(CREATORS)}/follow`);
          // A person reads before the next click.
          await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
        }
      }),
    );
    clearTimeout(middle);
    clearInterval(refresh);
    const rssEnd = server.rssMb();
    const sorted = latencies.sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return {
      users: USERS,
      seconds: SECONDS,
      requests: latencies.length + unanswered,
      errors,
      errorSamples,
      p50: q(0.5),
      p99: q(0.99),
      rssMb: { start: rssStart, middle: rssMiddle, end: rssEnd },
    };
  } finally {
    await server.stop();
  }
}
