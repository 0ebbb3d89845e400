import { describe, expect, inject, it } from 'vitest';
import { auditPages, CATEGORIES, formatScores, pagesToAudit, type Category } from '../../bench/lighthouse.js';

// Lighthouse on a phone (its default mobile emulation) against the built app: home, a demo video
// and the shorts feed. Accessibility and best practices do not depend on the machine's speed, so
// CI fails below 90 in either. The performance score does: on the two-core CI machine, with the
// server transcoding its demo media beside the browser, it swings by tens of points from run to
// run, so it is printed here (with the audits that cost it) and compared against its target in
// `npm run bench` on a quiet machine (docs/performance.md), not gated.
const GATE: Record<Category, number> = { performance: 90, accessibility: 90, 'best-practices': 90 };
const GATED: readonly Category[] = ['accessibility', 'best-practices'];

describe('Lighthouse', () => {
  it('scores at least 90 for accessibility and best practices on /app, /shorts and a video, and prints performance', { timeout: 900_000 }, async () => {
    const baseURL = inject('baseURL');
    const results = await auditPages(baseURL, pagesToAudit(baseURL), (r) => console.log(`${r.name}: ${JSON.stringify(r.scores)}`));
    console.log(`\nLighthouse (mobile)\n\n${formatScores(results, GATE)}\n`);
    expect(results.map((r) => r.name).sort()).toEqual(['/app', '/glint/{id}', '/shorts']);
    const below = results.flatMap((r) => CATEGORIES.filter((c) => GATED.includes(c) && r.scores[c] < GATE[c]).map((c) => `${r.name} ${c} ${r.scores[c]}`));
    expect(below, 'pages scoring below 90 (the table above lists their failing audits)').toEqual([]);
  });
});
