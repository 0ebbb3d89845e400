import { describe, expect, it } from 'vitest';
import { formatScores, medianRun, type PageScores } from './lighthouse.js';

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
      runs: [97, 88, 93].map((performance) => ({ performance, benchmarkIndex: undefined })),
      bestPerformance: 97,
    });
  });
  it('takes the lower middle of an even count, and the only run of one', () => {
    expect(medianRun([run(95, 'a'), run(89, 'b'), run(91, 'c'), run(99, 'd')]).scores.performance).toBe(91);
    expect(medianRun([run(80, 'a')]).runs).toEqual([{ performance: 80, benchmarkIndex: undefined }]);
    expect(() => medianRun([])).toThrow();
  });
});

describe('formatScores', () => {
  it("prints each page's median run against the targets, its best run, and every run with the CPU index read before it", () => {
    const page = medianRun([
      { ...run(72, '2.4 s'), benchmarkIndex: 1111 },
      { ...run(83, '2.5 s'), benchmarkIndex: 1418 },
      { ...run(69, '2.3 s'), benchmarkIndex: 1166 },
    ]);
    const table = formatScores([page], { performance: 90, accessibility: 90, 'best-practices': 90 });
    const row = table.split('\n').find((line) => line.startsWith('/app |'));
    expect(row).toBe('/app | 72 (below 90) | 100 | 100 | 2.4 s | - | - | 1111 | 83 | 72 (1111), 83 (1418), 69 (1166)');
  });
});
