import { describe, expect, inject, it } from 'vitest';
import { auditPages, demoMediaReady, pagesToAudit, type CardsOf, type Category, type FailingAudit } from '../../bench/lighthouse.js';

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
/**
 * Audits known to fail, page by page, until they are fixed: a page below 100 passes only when every
 * audit it fails is listed here, and everything the audit found matches. The watch page logs a
 * Content-Security-Policy issue in DevTools' Issues panel (no console error; Lighthouse gives no
 * detail of it), first seen when this gate went from 90 to 100 (docs/testing.md); another kind of
 * issue there, or anything else on any page, fails.
 */
const KNOWN: Record<string, { id: string; found: RegExp }[]> = {
  '/glint/{id}': [{ id: 'inspector-issues', found: /^\{"issueType":"Content security policy"/ }],
};
const known = (page: string, audit: FailingAudit) =>
  KNOWN[page]?.some((k) => k.id === audit.id && (audit.found ?? []).every((item) => k.found.test(item))) ?? false;

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
      return CI_CATEGORIES.filter((c) => {
        if (r.scores[c] >= GATE) return false;
        const failing = r.failing.filter((f) => f.category === c);
        // Below 100 with no audit under 0.9 to show for it, or with one not known: a failure.
        return failing.length === 0 || failing.some((f) => !known(r.name, f));
      }).map((c) => `${r.name} ${c} ${r.scores[c]}`);
    });
    expect(results.map((r) => r.name).sort()).toEqual(['/app', '/glint/{id}', '/shorts']);
    expect(below, 'pages scoring below 100 for audits not known to fail (the audits are printed above)').toEqual([]);
  });
});
