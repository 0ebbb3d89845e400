import { describe, expect, it } from 'vitest';
import { medianRun, type PageScores } from './lighthouse.js';

const run = (performance: number, lcp: string): PageScores => ({
  name: '/app',
  scores: { performance, accessibility: 100, 'best-practices': 100 },
  failing: [],
  metrics: { 'largest-contentful-paint': lcp },
});

describe('medianRun', () => {
  it("keeps the median run by performance, whole (its metrics with it), with every run's score in order", () => {
    expect(medianRun([run(97, '1.8 s'), run(88, '2.9 s'), run(93, '2.2 s')])).toEqual({ ...run(93, '2.2 s'), runs: [97, 88, 93] });
  });
  it('takes the lower middle of an even count, and the only run of one', () => {
    expect(medianRun([run(95, 'a'), run(89, 'b'), run(91, 'c'), run(99, 'd')]).scores.performance).toBe(91);
    expect(medianRun([run(80, 'a')]).runs).toEqual([80]);
    expect(() => medianRun([])).toThrow();
  });
});
