import { describe, expect, inject, it } from 'vitest';
import { auditPages, type Category } from '../../bench/lighthouse.js';
import { PRODUCT_SLUG } from '../../src/shared/product.js';
import { demoContent } from './a11y.js';

// Lighthouse's accessibility and best practices, once per page, on a phone (its default mobile
// emulation) against the suite's shared server: home, the shorts feed and a ready demo video. Both
// categories are the same on every run whatever the machine's speed, so one run per page decides,
// and the file runs beside the others. What it adds to axe (a11y-*.e2e.ts): best practices (console
// errors, deprecated APIs, a secure context, image sizes and aspect ratios, the doctype and charset,
// source maps) and Lighthouse's own accessibility rules beyond WCAG's tags. Performance is not audited here: it is CPU
// time, which on a shared 2-core CI machine measures the neighbours rather than Glint; `npm run
// bench` audits it, five runs per page at full speed, on a server of its own over HTTPS
// (docs/performance.md).
const CI_CATEGORIES = ['accessibility', 'best-practices'] as const satisfies readonly Category[];
const GATE = 100;

describe('Lighthouse', () => {
  it('scores 100 for accessibility and best practices on /app, /shorts and a video', { timeout: 600_000 }, async () => {
    const base = inject('baseURL');
    const { videoId } = await demoContent(base);
    const pages = [
      { name: '/app', path: '/app' },
      { name: '/shorts', path: '/shorts' },
      { name: `/${PRODUCT_SLUG}/{id}`, path: `/${PRODUCT_SLUG}/${videoId}` },
    ];
    const results = await auditPages({ base }, pages, { runs: 1, categories: CI_CATEGORIES });
    const below = results.flatMap((r) => {
      console.log(`${r.name}: ${CI_CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}`);
      for (const f of r.failing) console.log(`  - [${f.category}] ${f.id} (${f.score.toFixed(2)}): ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ''}`);
      return CI_CATEGORIES.filter((c) => r.scores[c] < GATE).map((c) => `${r.name} ${c} ${r.scores[c]}`);
    });
    expect(results.map((r) => r.name).sort()).toEqual(['/app', `/${PRODUCT_SLUG}/{id}`, '/shorts']);
    expect(below, 'pages scoring below 100 (their failing audits are printed above)').toEqual([]);
  });
});
