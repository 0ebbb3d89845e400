import { describe, expect, it } from 'vitest';
import {
  auditPages,
  CATEGORIES,
  formatScores,
  FULL_SPEED,
  judgedPerformance,
  pagesToAudit,
  startAuditedServer,
  type Category,
} from '../../bench/lighthouse.js';

// Lighthouse on a phone (its default mobile emulation, simulated slow 4G) against the built app
// served over HTTPS, so HTTP/2, as any public Glint is: home, a demo video and the shorts feed, on
// a server of their own whose demo media is already made (no transcoding beside the browser).
// Each page five times. CI fails when a page's median run is below 90 in accessibility or best
// practices, which do not depend on the machine's speed, and when its performance is below 90 on
// the runs the machine made at full speed (`FULL_SPEED`: Lighthouse's CPU index at least 2,000 and
// less than a quarter of a core used outside the audit), with at least three such runs.
// Performance is CPU time, multiplied by four: on hours when this shared machine reads slow, or
// beside other work, the same build reads 10 to 35 points lower, which says nothing about the
// change under test. Then the page's median of all runs must still reach a floor of 60, which
// catches a gross regression (a heavy library in the first load, a screen drawn twice), and the
// table says the performance was not judged (docs/performance.md has the figures).
const GATE: Record<Category, number> = { performance: 90, accessibility: 90, 'best-practices': 90 };
const SLOW_MACHINE_FLOOR = 60;

describe('Lighthouse', () => {
  it(
    'scores at least 90 for accessibility, best practices and (at full speed) performance on /app, /shorts and a video, median of five runs',
    { timeout: 1_200_000 },
    async () => {
      const server = await startAuditedServer();
      try {
        const results = await auditPages(server, pagesToAudit(server), {
          runs: 5,
          onRun: (r) =>
            console.log(
              `${r.name}: ${JSON.stringify(r.scores)} ${JSON.stringify(r.metrics)} CPU index ${r.benchmarkIndex}, ${r.cpuElsewhere?.toFixed(2)} cores elsewhere`,
            ),
        });
        console.log(`\nLighthouse (mobile)\n\n${formatScores(results, GATE)}\n`);
        expect(results.map((r) => r.name).sort()).toEqual(['/app', '/glint/{id}', '/shorts']);
        const below = results.flatMap((r) => {
          const failed = CATEGORIES.filter((c) => c !== 'performance' && r.scores[c] < GATE[c]).map((c) => `${r.name} ${c} ${r.scores[c]}`);
          const judged = judgedPerformance(r);
          if (judged === undefined) {
            console.log(
              `${r.name}: performance not judged against ${GATE.performance}: fewer than three runs at full speed (CPU index ≥ ${FULL_SPEED.benchmarkIndex}, < ${FULL_SPEED.cpuElsewhere} cores elsewhere); median of all runs ${r.scores.performance}, floor ${SLOW_MACHINE_FLOOR}`,
            );
            if (r.scores.performance < SLOW_MACHINE_FLOOR)
              failed.push(`${r.name} performance ${r.scores.performance} (floor ${SLOW_MACHINE_FLOOR}, slow machine)`);
          } else if (judged < GATE.performance) failed.push(`${r.name} performance ${judged} (at full speed)`);
          return failed;
        });
        expect(below, 'pages scoring below their gate (the table above lists their failing audits)').toEqual([]);
      } finally {
        await server.stop();
      }
    },
  );
});
