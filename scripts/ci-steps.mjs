// `npm test`: every check CI runs, each step timed. Steps of a group run side by side (as many at once
// as the group allows, two for the static checks: each of those tools uses one core); groups run one
// after the other. The first failure lets the steps already running finish, starts no other, and
// the run exits 1. At the end, a table of each step's time and result (docs/testing.md has the
// figures and the reasons for the grouping).
//
//   node scripts/ci-steps.mjs              every step
//   node scripts/ci-steps.mjs lint build   only the steps named, in the order of the list below
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const scripts = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts ?? {};

/** An npm script as a step; `optional` steps run only when package.json has the script. */
const npm = (script, { optional = false } = {}) => ({ name: script, command: 'npm', args: ['run', '--silent', script], optional });

const GROUPS = [
  { at: 1, steps: [{ name: 'system-deps', command: 'bash', args: ['scripts/system-deps.sh', '--test'] }] },
  // Single-threaded tools: two at a time use both cores of the 2-core machine.
  { at: 2, steps: [npm('typecheck'), npm('lint'), npm('db:check'), npm('format:check'), npm('openapi:lint', { optional: true })] },
  // Each runs two test files at a time already.
  { at: 1, steps: [npm('test:unit')] },
  { at: 1, steps: [npm('test:pg')] },
  { at: 1, steps: [npm('build')] },
  { at: 2, steps: [npm('check:bundle'), npm('native:check')] },
  { at: 1, steps: [npm('test:e2e')] },
];

const only = process.argv.slice(2);
const unknown = only.filter((n) => !GROUPS.some((g) => g.steps.some((s) => s.name === n)));
if (unknown.length) {
  console.error(`ci-steps: no such step: ${unknown.join(', ')}`);
  process.exit(2);
}

/** name → { seconds, result } */
const done = new Map();
let failed = false;

function run(step, buffered) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${step.name}${buffered ? ' (its output follows when it ends)' : ''}`);
    // Through bash, whose `times` then reports the CPU time of the step and every process it waited
    // for (Vitest's workers, Chromium, ffmpeg, the servers): on a machine shared with other work the
    // wall clock moves with the neighbours' load, the CPU seconds much less.
    const child = spawn('bash', ['-c', '"$@"; rc=$?; times >&3; exit $rc', step.name, step.command, ...step.args], {
      stdio: [buffered ? 'ignore' : 'inherit', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit', 'pipe'],
    });
    const out = [];
    let times = '';
    child.stdio[3].on('data', (c) => (times += c));
    if (buffered) {
      child.stdout.on('data', (c) => out.push(c));
      child.stderr.on('data', (c) => out.push(c));
    }
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      const cpu = cpuSeconds(times);
      if (buffered && out.length) {
        console.log(`\n── ${step.name} ──`);
        process.stdout.write(Buffer.concat(out));
      }
      const ok = code === 0;
      console.log(`${ok ? '✔' : '✘'} ${step.name}: ${seconds.toFixed(1)} s, ${cpu?.toFixed(0) ?? '?'} s of CPU${ok ? '' : ` (exit ${code})`}`);
      done.set(step.name, { seconds, cpu, result: ok ? 'passed' : 'failed' });
      if (!ok) failed = true;
      resolve();
    };
    child.on('error', (err) => {
      out.push(Buffer.from(`${err.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
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

async function runGroup(group) {
  const queue = group.steps.filter((s) => (!only.length || only.includes(s.name)) && (!s.optional || s.name in scripts));
  const buffered = group.at > 1 && queue.length > 1;
  const worker = async () => {
    for (let step = queue.shift(); step && !failed; step = queue.shift()) await run(step, buffered);
  };
  await Promise.all(Array.from({ length: Math.min(group.at, queue.length) }, worker));
}

const started = Date.now();
for (const group of GROUPS) {
  if (failed) break;
  await runGroup(group);
}
const total = (Date.now() - started) / 1000;

const rows = GROUPS.flatMap((g) => g.steps)
  .filter((s) => (!only.length || only.includes(s.name)) && (!s.optional || s.name in scripts))
  .map((s) => {
    const d = done.get(s.name);
    return [s.name, d?.seconds.toFixed(1) ?? '-', d?.cpu?.toFixed(0) ?? '-', d?.result ?? 'not run'];
  });
const cpuTotal = [...done.values()].reduce((sum, d) => sum + (d.cpu ?? 0), 0);
rows.push(['total (wall clock)', total.toFixed(1), cpuTotal.toFixed(0), failed ? 'FAILED' : 'passed']);
const HEAD = ['step', 'seconds', 'CPU seconds', 'result'];
const RIGHT = [false, true, true, false];
const width = HEAD.map((h, i) => Math.max(...rows.map((r) => r[i].length), h.length));
const line = (r) => `| ${r.map((c, i) => (RIGHT[i] ? c.padStart(width[i]) : c.padEnd(width[i]))).join(' | ')} |`;
console.log(`\n${line(HEAD)}\n|${width.map((w, i) => (RIGHT[i] ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nnpm test ${failed ? 'FAILED' : 'passed'} in ${Math.round(total)} s`);
process.exit(failed ? 1 : 0);
