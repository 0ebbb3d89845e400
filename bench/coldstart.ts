// Cold start on the embedded database: from spawning the built server on a fresh DATA_DIR to
// /api/health answering, and to the first demo video being playable (its master playlist served
// and one of its segments fetched). Run by `npm run bench` (or `-- coldstart`); needs `npm run build`.
import { spawnServer, waitFor200 } from './server-process.js';

interface Card {
  id: string;
}

/** `playableMs` is null when no demo video could be played within `limitMs` of the spawn. */
export async function coldStartBenchmark(limitMs = 180_000): Promise<{ healthMs: number; playableMs: number | null; rssMb: number }> {
  const server = await spawnServer({ SEED: 'demo' });
  try {
    const healthMs = await waitFor200(`${server.base}/api/health`, server.spawnedAt, limitMs);
    for (;;) {
      if (performance.now() - server.spawnedAt > limitMs) return { healthMs, playableMs: null, rssMb: server.rssMb() };
      const home = (await (await fetch(`${server.base}/api/home`)).json()) as { videos: Card[]; shorts: Card[] };
      for (const card of [...home.videos, ...home.shorts]) {
        const detail = (await (await fetch(`${server.base}/api/videos/${card.id}`)).json()) as { hlsUrl: string | null };
        if (!detail.hlsUrl) continue;
        const masterUrl = new URL(detail.hlsUrl, server.base);
        const master = await fetch(masterUrl);
        if (!master.ok) continue;
        const variant = (await master.text()).split('\n').find((l) => l && !l.startsWith('#'));
        if (!variant) continue;
        const variantUrl = new URL(variant, masterUrl);
        const segment = (await (await fetch(variantUrl)).text()).split('\n').find((l) => l && !l.startsWith('#'));
        if (!segment) continue;
        const seg = await fetch(new URL(segment, variantUrl));
        const bytes = (await seg.arrayBuffer()).byteLength;
        if (seg.ok && bytes > 0) return { healthMs, playableMs: performance.now() - server.spawnedAt, rssMb: server.rssMb() };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await server.stop();
  }
}
