// How much of the machine's CPU went to processes other than a measurement's own, while it ran:
// a page timed in a browser is slowed by whatever else runs on a two-core machine (another test
// suite, a build), and Lighthouse multiplies what it saw by four. Read from Linux's /proc.
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU counters (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Busy ticks of the whole machine: every CPU column of /proc/stat but idle and iowait. */
function machineBusyTicks(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

/** Each live process's parent and its CPU ticks so far (user and system, its own and its reaped children's). */
function processTable(): Map<number, { parent: number; ticks: number }> {
  const table = new Map<number, { parent: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) is in brackets and may hold spaces: fields are counted after it.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { parent: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return table;
}

/** CPU ticks of `root` and every process below it. */
export function treeTicks(root: number, table = processTable()): number {
  let ticks = 0;
  const below = new Map<number, number[]>();
  for (const [pid, p] of table) below.set(p.parent, [...(below.get(p.parent) ?? []), pid]);
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    ticks += table.get(pid)?.ticks ?? 0;
    stack.push(...(below.get(pid) ?? []));
  }
  return ticks;
}

/**
 * Starts counting; the function returned gives the CPU that processes outside `root`'s tree used
 * since, in cores (1 = one core busy the whole time). Where /proc is missing it gives undefined.
 */
export function countCpuElsewhere(root = process.pid): () => number | undefined {
  if (!fs.existsSync('/proc/stat')) return () => undefined;
  const start = { at: performance.now(), machine: machineBusyTicks(), own: treeTicks(root) };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const machine = machineBusyTicks() - start.machine;
    // Processes of the tree that ended meanwhile were reaped by it: their ticks moved into their parent's.
    const own = treeTicks(root) - start.own;
    if (seconds <= 0) return 0;
    return Math.max(0, machine - own) / TICKS_PER_SECOND / seconds;
  };
}
