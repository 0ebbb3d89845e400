import { describe, expect, inject, it } from 'vitest';
import { auditPages, demoMediaReady, pagesToAudit, type CardsOf, type Category } from '../../bench/lighthouse.js';

// Lighthouse's accessibility and best practices, once per page, on a phone (its default mobile
// emulation): home, the shorts feed and a ready demo video, on the suite's shared server once its
// demo media is made (before, the shorts feed had no main landmark while its demo shorts were
// still being made). The server is plain HTTP on 127.0.0.1, which browsers and Lighthouse count as
// a secure context as they do HTTPS; `npm run bench` audits the same pages over HTTPS, on a server
// of its own (`startAuditedServer`). Both categories read the same on every run whatever the
// machine's speed, so one run per page decides, and the file runs beside the other browser files.
// What it adds to axe (a11y-*.e2e.ts, WCAG's rules): best practices (console errors, DevTools
// issues such as a Content-Security-Policy one, deprecated APIs, a secure context, image sizes and
// aspect ratios, the doctype and charset) and Lighthouse's accessibility rules beyond WCAG's (one
// main landmark, heading order...).
// Performance is not audited here: it is CPU time, which on a shared 2-core CI machine measures
// the neighbours rather than Glint; `npm run bench` audits it, with the same server, at full speed
// (docs/performance.md, docs/testing.md).
const CI_CATEGORIES = ['accessibility', 'best-practices'] as const satisfies readonly Category[];
const GATE = 100;
describe('Lighthouse', () => {
  it('scores 100 for accessibility and best practices on /app, /shorts and a video', { timeout: 900_000 }, async () => {
    const base = inject('baseURL');
    const videoPath = await demoMediaReady(async (kind) => {
      const res = await fetch(`${base}/api/videos?kind=${kind}&limit=48`);
      return res.ok ? ((await res.json()) as Awaited<ReturnType<CardsOf>>) : [];
    });
    const results = await auditPages({ base }, pagesToAudit({ videoPath }), { runs: 1, categories: CI_CATEGORIES });
    const below = results.flatMap((r) => {
      console.log(`${r.name}: ${CI_CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}`);
      for (const f of r.failing) {
        console.log(`  - [${f.category}] ${f.id} (${f.score.toFixed(2)}): ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}`);
        for (const item of f.found ?? []) console.log(`    ${item}`);
      }
      return CI_CATEGORIES.filter((c) => r.scores[c] < GATE).map((c) => `${r.name} ${c} ${r.scores[c]}`);
    });
    expect(results.map((r) => r.name).sort()).toEqual(['/app', '/glint/{id}', '/shorts']);
    expect(below, 'pages scoring below 100 (the failing audits are printed above)').toEqual([]);
  });
});
