// Lighthouse on the web app's main pages, as a phone sees them (Lighthouse's default mobile
// emulation and simulated slow 4G): performance, accessibility and best practices. `npm run bench`
// prints the scores against their targets; tests/e2e/lighthouse.e2e.ts fails below 90.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { PRODUCT_SLUG } from '../src/shared/product.js';
import { ARGS, CHROMIUM } from '../tests/e2e/chromium.js';
import { SERVER_ENTRY, spawnServer, waitFor200 } from './server-process.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Where `npm run bench` wants each category (the CI gate in the e2e test is 90 for all). */
export const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95 };

export interface PageToAudit {
  /** How the table names it: `/glint/{id}`. */
  name: string;
  /** The path opened (`/glint/3f2...`), or how to find it when its turn comes. */
  path: string | (() => Promise<string>);
}

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

export interface PageScores {
  name: string;
  /** 0-100 per category. */
  scores: Record<Category, number>;
  /** The audits of these categories that scored below 0.9, worst first. */
  failing: FailingAudit[];
  /** The metrics behind the performance score (LCP, TBT, CLS...), as Lighthouse words them. */
  metrics: Record<string, string>;
}

/** Starts Debian's Chromium with a DevTools port of its own choosing, for Lighthouse to drive. */
async function startChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-lighthouse-'));
  const child = spawn(CHROMIUM, ['--headless=new', ...ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port in 30 s:\n${err}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it listened:\n${err}`));
    });
  });
  child.stderr!.resume();
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run on one page: its scores, audits below 0.9 and metrics. */
async function auditPage(port: number, url: string, name: string): Promise<PageScores> {
  const run = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = run.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    const cat = lhr.categories[category]!;
    scores[category] = Math.round((cat.score ?? 0) * 100);
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id]!;
      if (audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      if (failing.some((f) => f.id === audit.id)) continue;
      failing.push({ category, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue });
    }
  }
  failing.sort((a, b) => a.score - b.score);
  const metrics: Record<string, string> = {};
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    const audit = lhr.audits[id];
    if (audit?.displayValue) metrics[id] = audit.displayValue;
  }
  return { name, scores, failing, metrics };
}

/**
 * Runs Lighthouse on each page, one after the other, in one Chromium. A run Lighthouse itself
 * gives up on (a trace it could not record, as happens on a crowded machine) is tried once more.
 */
export async function auditPages(baseURL: string, pages: readonly PageToAudit[], onPage?: (scores: PageScores) => void): Promise<PageScores[]> {
  const chromium = await startChromium();
  const results: PageScores[] = [];
  try {
    for (const page of pages) {
      const url = new URL(typeof page.path === 'string' ? page.path : await page.path(), baseURL).href;
      let scores: PageScores;
      try {
        scores = await auditPage(chromium.port, url, page.name);
      } catch (error) {
        console.warn(`${String(error)}; trying once more`);
        scores = await auditPage(chromium.port, url, page.name);
      }
      onPage?.(scores);
      results.push(scores);
    }
  } finally {
    await chromium.close();
  }
  return results;
}

/** The scores as a Markdown table, against `targets`, then each page's audits below 0.9. */
export function formatScores(results: readonly PageScores[], targets: Record<Category, number>): string {
  const mark = (score: number, target: number) => `${score}${score < target ? ' (below ' + target + ')' : ''}`;
  const lines = [
    `page | ${CATEGORIES.join(' | ')} | LCP | TBT | CLS`,
    `--- | ${CATEGORIES.map(() => '---:').join(' | ')} | ---: | ---: | ---:`,
    ...results.map((r) =>
      [
        r.name,
        ...CATEGORIES.map((c) => mark(r.scores[c], targets[c])),
        r.metrics['largest-contentful-paint'] ?? '-',
        r.metrics['total-blocking-time'] ?? '-',
        r.metrics['cumulative-layout-shift'] ?? '-',
      ].join(' | '),
    ),
  ];
  for (const r of results) {
    if (!r.failing.length) continue;
    lines.push('', `${r.name}: audits below 0.9`);
    for (const f of r.failing) lines.push(`- [${f.category}] ${f.id} (${f.score.toFixed(2)}): ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}`);
  }
  return lines.join('\n');
}

interface Card {
  id: string;
  priceUsdc?: string | null;
}

/** A ready demo video that is free to watch (the demo media is transcoded after start, one at a time). */
async function readyVideoPath(baseURL: string, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(new URL('/api/videos?kind=long&limit=48', baseURL));
    const videos = res.ok ? ((await res.json()) as Card[]) : [];
    const video = videos.find((v) => !v.priceUsdc);
    if (video) return `/${PRODUCT_SLUG}/${video.id}`;
    if (Date.now() > until) throw new Error(`No demo video was ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The pages audited: home, the shorts feed and a demo video (last: it may still be transcoding). */
export function pagesToAudit(baseURL: string, videoTimeoutMs = 480_000): PageToAudit[] {
  return [
    { name: '/app', path: '/app' },
    { name: '/shorts', path: '/shorts' },
    { name: `/${PRODUCT_SLUG}/{id}`, path: () => readyVideoPath(baseURL, videoTimeoutMs) },
  ];
}

/** For `npm run bench`: the built app (as `npm start` runs it) with its demo content, audited, then stopped. */
export async function lighthouseBenchmark(): Promise<string> {
  if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync('dist/client/index.html'))
    return 'The app is not built: run `npm run build` first for the Lighthouse scores.';
  const server = await spawnServer({ SEED: 'demo' });
  try {
    // Migrations and the demo seed, on a busy machine.
    await waitFor200(`${server.base}/api/health`, server.spawnedAt, 180_000);
    const results = await auditPages(server.base, pagesToAudit(server.base), (r) => console.warn(`Lighthouse ${r.name}: ${JSON.stringify(r.scores)}`));
    return formatScores(results, TARGETS);
  } finally {
    await server.stop();
  }
}
