import { describe, expect, it } from 'vitest';
import { atFullSpeed, formatScores, judgedPerformance, medianRun, type PageScores } from './lighthouse.js';

const run = (performance: number, lcp: string): PageScores => ({
  name: '/app',
  scores: { performance, accessibility: 100, 'best-practices': 100 },
  failing: [],
  metrics: { 'largest-contentful-paint': lcp },
});

describe('medianRun', () => {
  it("keeps the median run by performance, whole (its metrics with it), with every run's score in order", () => {
    expect(medianRun([run(97, '1.8 s'), run(88, '2.9 s'), run(93, '2.2 s')])).toEqual({
      ...run(93, '2.2 s'),
      runs: [97, 88, 93].map((performance) => ({ performance, benchmarkIndex: undefined, cpuElsewhere: undefined })),
      bestPerformance: 97,
    });
  });
  it('takes the lower middle of an even count, and the only run of one', () => {
    expect(medianRun([run(95, 'a'), run(89, 'b'), run(91, 'c'), run(99, 'd')]).scores.performance).toBe(91);
    expect(medianRun([run(80, 'a')]).runs).toEqual([{ performance: 80, benchmarkIndex: undefined, cpuElsewhere: undefined }]);
    expect(() => medianRun([])).toThrow();
  });
});

describe('formatScores', () => {
  it("prints each page's median run against the targets, its best run, its performance at full speed, and every run with the machine's state", () => {
    const page = medianRun([
      { ...run(72, '2.4 s'), benchmarkIndex: 1111, cpuElsewhere: 0.02 },
      { ...run(83, '2.5 s'), benchmarkIndex: 2418, cpuElsewhere: 0.04 },
      { ...run(69, '2.3 s'), benchmarkIndex: 2166, cpuElsewhere: 1.3 },
    ]);
    const table = formatScores([page], { performance: 90, accessibility: 90, 'best-practices': 90 });
    const row = table.split('\n').find((line) => line.startsWith('/app |'));
    expect(row).toBe('/app | 72 (below 90) | 100 | 100 | 2.4 s | - | - | 1111 | 83 | not judged | 72 (1111, 0.02) slow, 83 (2418, 0.04), 69 (2166, 1.30) slow');
  });
});

describe('performance at full speed', () => {
  const runs = (...r: [number, number, number | undefined][]) => ({
    runs: r.map(([performance, benchmarkIndex, cpuElsewhere]) => ({ performance, benchmarkIndex, cpuElsewhere })),
  });

  it('counts a run only when the host read a CPU index of 2,000 or more and nothing else used a quarter of a core', () => {
    expect(atFullSpeed({ benchmarkIndex: 2000, cpuElsewhere: 0.24 })).toBe(true);
    expect(atFullSpeed({ benchmarkIndex: 1999, cpuElsewhere: 0 })).toBe(false);
    expect(atFullSpeed({ benchmarkIndex: 2600, cpuElsewhere: 0.25 })).toBe(false);
    // Without /proc the machine's load is unknown: the run is not taken as one at full speed.
    expect(atFullSpeed({ benchmarkIndex: 2600, cpuElsewhere: undefined })).toBe(false);
  });

  it('judges the median of the runs at full speed, so a slow run neither sinks a page nor saves it', () => {
    // 68 and 99 were made on a slow or busy machine: the three others decide.
    expect(judgedPerformance(runs([68, 1100, 0], [91, 2300, 0.1], [99, 1500, 0], [88, 2100, 0.05], [93, 2500, 0.02]))).toBe(91);
    expect(judgedPerformance(runs([80, 2300, 0.1], [85, 2200, 0], [97, 2400, 0], [70, 2400, 1.2]))).toBe(85);
  });

  it('judges nothing with fewer than three runs at full speed', () => {
    expect(judgedPerformance(runs([95, 2300, 0], [96, 2400, 0], [70, 1200, 0], [71, 2300, 1.4], [72, 1300, 0]))).toBeUndefined();
    expect(judgedPerformance({})).toBeUndefined();
  });
});
