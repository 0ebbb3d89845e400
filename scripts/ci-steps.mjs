// `npm test`: every check CI runs, each step timed. The steps are in two lanes that run side by
// side; a lane's groups run one after the other, and a group's steps side by side (as many at once
// as the group allows). The browser lane (build, then the browser suite) is the longest and spends
// part of its time waiting (transcodes, live segments, mail, pages settling); the checks lane
// (static checks, then the tests on PGlite, then on PostgreSQL) runs beside it and takes the cores
// it leaves. The first failure stops every step still running and starts no other; the run exits 1.
// At the end, a table of each step's time, CPU time and result (docs/testing.md has the figures and
// the reasons for the lanes).
//
//   node scripts/ci-steps.mjs              every step
//   node scripts/ci-steps.mjs lint build   only the steps named, each lane's in its order
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const scripts = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts ?? {};

/** An npm script as a step; `optional` steps run only when package.json has the script. */
const npm = (script, { optional = false, args = [] } = {}) => ({
  name: script,
  command: 'npm',
  args: ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
  optional,
});

// With a PostgreSQL server, the two database passes run side by side: the PostgreSQL pass (two
// files at a time) waits on its server about half of the time, and the PGlite pass (three files at
// a time, as alone) fills those waits and ends with it instead of alone after it (docs/testing.md).
// Without a PostgreSQL server the PGlite pass runs alone, three files at a time.
const pgWorkers = ['--maxWorkers=2'];

/** Before the lanes: the Debian packages the rest needs. */
const FIRST = { name: 'system-deps', command: 'bash', args: ['scripts/system-deps.sh', '--test'] };

// One lane, one group after the other. Two lanes side by side (the browser suite beside the checks
// and the tests on both databases) were tried: on two cores every step is CPU-bound most of the time,
// so the lanes only slowed each other down (1,401 s of `npm test` against about 1,340 one after the
// other) and tests whose limits are wall time ran into them (docs/testing.md). The runner keeps
// lanes for a machine with the cores for them.
const LANES = [
  {
    name: 'ci',
    groups: [
      // Vite uses both cores.
      { at: 1, steps: [npm('build')] },
      // Single-threaded tools, two at a time. `tsc -b` writes the server's build (dist/server) as the
      // build does: after it, it finds that part up to date instead of compiling it again.
      {
        at: 2,
        steps: [npm('typecheck'), npm('lint'), npm('format:check'), npm('db:check'), npm('openapi:lint', { optional: true })],
      },
      { at: 2, steps: [npm('check:bundle'), npm('native:check')] },
      { at: 2, steps: [npm('test:unit'), npm('test:pg', { args: pgWorkers })] },
      // Two browser files at a time already.
      { at: 1, steps: [npm('test:e2e')] },
    ],
  },
];

const allSteps = [FIRST, ...LANES.flatMap((l) => l.groups.flatMap((g) => g.steps))];
const only = process.argv.slice(2);
const unknown = only.filter((n) => !allSteps.some((s) => s.name === n));
if (unknown.length) {
  console.error(`ci-steps: no such step: ${unknown.join(', ')}`);
  process.exit(2);
}
const selected = (s) => (!only.length || only.includes(s.name)) && (!s.optional || s.name in scripts);

/** name → { seconds, cpu, result } */
const done = new Map();
/** name → a promise that settles when the step has ended (or will not run). */
const ended = new Map(
  allSteps.map((s) => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return [s.name, { promise, resolve }];
  }),
);
/** Steps running now: name → child process (the leader of its own process group). */
const running = new Map();
let failed = false;

/**
 * Runs a step. While other steps run beside it, its lines are printed as they come, each after the
 * step's name; alone, as they are.
 */
function run(step, { prefixed = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${step.name}`);
    // Through bash, whose `times` then reports the CPU time of the step and every process it waited
    // for (Vitest's workers, Chromium, ffmpeg, the servers): on a machine shared with other work the
    // wall clock moves with the neighbours' load, the CPU seconds much less.
    const argv = ['bash', '-c', '"$@"; rc=$?; times >&3; exit $rc', step.name, step.command, ...step.args];
    const child = spawn(argv[0], argv.slice(1), {
      stdio: ['ignore', prefixed ? 'pipe' : 'inherit', prefixed ? 'pipe' : 'inherit', 'pipe'],
      // Its own process group, so that a failure elsewhere can stop it with everything it started.
      detached: true,
    });
    running.set(step.name, child);
    let times = '';
    child.stdio[3].on('data', (c) => (times += c));
    if (prefixed) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${step.name}] `);
    const finish = (code) => {
      if (!running.has(step.name)) return;
      ended.get(step.name).resolve();
      running.delete(step.name);
      const seconds = (Date.now() - started) / 1000;
      const cpu = cpuSeconds(times);
      const ok = code === 0;
      const result = ok ? 'passed' : child.stoppedBy ? `stopped (${child.stoppedBy} failed)` : 'failed';
      console.log(`${ok ? '✔' : '✘'} ${step.name}: ${seconds.toFixed(1)} s, ${cpu?.toFixed(0) ?? '?'} s of CPU${ok ? '' : ` (${result}, exit ${code})`}`);
      done.set(step.name, { seconds, cpu, result });
      if (!ok && !failed) {
        failed = true;
        stopOthers(step.name);
        // Steps waiting for another to end start no more.
        for (const e of ended.values()) e.resolve();
      }
      resolve();
    };
    child.on('error', (err) => {
      console.log(`[${step.name}] ${err.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** Stops every step still running (SIGTERM to its process group, SIGKILL 20 s later). */
function stopOthers(cause) {
  for (const [name, child] of running) {
    console.log(`■ stopping ${name}: ${cause} failed`);
    child.stoppedBy = cause;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }, 20_000).unref();
  }
}

/** Copies a stream's lines to stdout, each after `prefix`. */
function prefixLines(stream, prefix) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    if (lines.length) process.stdout.write(lines.map((l) => prefix + l + '\n').join(''));
  });
  stream.on('end', () => {
    if (rest) process.stdout.write(prefix + rest + '\n');
  });
}

/** The children's user and system time from bash's `times` (its second line: `0m12.345s 0m1.234s`). */
function cpuSeconds(times) {
  const line = times.trim().split('\n')[1];
  if (!line) return undefined;
  return line
    .trim()
    .split(/\s+/)
    .map((t) => /^(\d+)m([\d.]+)s$/.exec(t))
    .reduce((sum, m) => sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0), 0);
}

async function runLane(lane, prefixed) {
  for (const group of lane.groups) {
    const queue = group.steps.filter(selected);
    const several = queue.length > 1;
    const worker = async () => {
      for (let step = queue.shift(); step && !failed; step = queue.shift()) {
        if (step.after && selected(allSteps.find((s) => s.name === step.after))) await ended.get(step.after).promise;
        if (!failed) await run(step, { prefixed: prefixed || (group.at > 1 && several) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(group.at, queue.length) }, worker));
    if (failed) return;
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failed = true;
    for (const e of ended.values()) e.resolve();
    stopOthers(signal);
    setTimeout(() => process.exit(130), 1_000).unref();
  });
}

const started = Date.now();
if (selected(FIRST)) await run(FIRST);
if (!failed) {
  const lanes = LANES.filter((l) => l.groups.some((g) => g.steps.some(selected)));
  await Promise.all(lanes.map((l) => runLane(l, lanes.length > 1)));
}
const total = (Date.now() - started) / 1000;

const rows = [FIRST, ...LANES.flatMap((l) => l.groups.flatMap((g) => g.steps.map((s) => ({ ...s, lane: l.name }))))].filter(selected).map((s) => {
  const d = done.get(s.name);
  return [s.name, s.lane ?? '-', d?.seconds.toFixed(1) ?? '-', d?.cpu?.toFixed(0) ?? '-', d?.result ?? 'not run'];
});
const cpuTotal = [...done.values()].reduce((sum, d) => sum + (d.cpu ?? 0), 0);
rows.push(['total (wall clock)', '', total.toFixed(1), cpuTotal.toFixed(0), failed ? 'FAILED' : 'passed']);
const HEAD = ['step', 'lane', 'seconds', 'CPU seconds', 'result'];
const RIGHT = [false, false, true, true, false];
const width = HEAD.map((h, i) => Math.max(...rows.map((r) => r[i].length), h.length));
const line = (r) => `| ${r.map((c, i) => (RIGHT[i] ? c.padStart(width[i]) : c.padEnd(width[i]))).join(' | ')} |`;
console.log(`\n${line(HEAD)}\n|${width.map((w, i) => (RIGHT[i] ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nnpm test ${failed ? 'FAILED' : 'passed'} in ${Math.round(total)} s`);
process.exit(failed ? 1 : 0);
