import { describe, expect, inject, it } from 'vitest';
import { auditPages, CATEGORIES, formatScores, pagesToAudit, type Category } from '../../bench/lighthouse.js';

// Lighthouse on a phone (its default mobile emulation) against the built app: home, a demo video
// and the shorts feed. Accessibility and best practices do not depend on the machine's speed, so
// CI fails below 90 in either. The performance score does: on the two-core CI machine, with the
// server's media work beside the browser, it moves by ten points and more between runs. It is
// gated at a floor well under what a quiet machine measures (docs/performance.md: 92-95 on /app,
// 72-78 on the video pages), so CI catches a page that got much slower (a library back in the first
// load, a lost code split) without failing on the machine; `npm run bench` compares it with its target.
const GATE: Record<Category, number> = { performance: 50, accessibility: 90, 'best-practices': 90 };

describe('Lighthouse', () => {
  it('scores at least 90 for accessibility and best practices and 50 for performance on /app, /shorts and a video', { timeout: 900_000 }, async () => {
    const baseURL = inject('baseURL');
    const results = await auditPages(baseURL, pagesToAudit(baseURL), (r) => console.log(`${r.name}: ${JSON.stringify(r.scores)}`));
    console.log(`\nLighthouse (mobile)\n\n${formatScores(results, GATE)}\n`);
    expect(results.map((r) => r.name).sort()).toEqual(['/app', '/glint/{id}', '/shorts']);
    const below = results.flatMap((r) => CATEGORIES.filter((c) => r.scores[c] < GATE[c]).map((c) => `${r.name} ${c} ${r.scores[c]}`));
    expect(below, 'pages scoring below their gate (the table above lists their failing audits)').toEqual([]);
  });
});
