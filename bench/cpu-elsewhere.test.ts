import { describe, expect, it } from 'vitest';
import { countCpuElsewhere, treeTicks } from './cpu-elsewhere.js';

/** Keeps this process busy for `ms` of CPU time (not of wall time, which a busy machine stretches). */
function busyFor(ms: number) {
  const start = process.cpuUsage();
  for (let used = process.cpuUsage(start); used.user + used.system < ms * 1000; used = process.cpuUsage(start));
}

describe('treeTicks', () => {
  it('adds a process and everything below it, never its parent or its siblings', () => {
    const table = new Map([
      [1, { parent: 0, ticks: 1000 }],
      [10, { parent: 1, ticks: 5 }], // the root asked about
      [11, { parent: 10, ticks: 7 }],
      [12, { parent: 11, ticks: 3 }],
      [20, { parent: 1, ticks: 400 }], // a sibling: another suite
    ]);
    expect(treeTicks(10, table)).toBe(15);
    expect(treeTicks(20, table)).toBe(400);
    expect(treeTicks(99, table)).toBe(0);
  });

  it("counts this process's own CPU time from /proc", () => {
    const before = treeTicks(process.pid);
    busyFor(300);
    expect(treeTicks(process.pid) - before).toBeGreaterThanOrEqual(20);
  });
});

describe('countCpuElsewhere', () => {
  it('counts the work of a process outside the measured tree', () => {
    // Measured for a tree that does not hold this process (a pid no process has), this process's
    // own work is work elsewhere: at least the share of a core it got.
    const elsewhere = countCpuElsewhere(2 ** 22 + 1);
    const wall = performance.now();
    busyFor(300);
    expect(elsewhere()).toBeGreaterThanOrEqual((0.3 / ((performance.now() - wall) / 1000)) * 0.8);
  });
});
