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
    const child = spawn(step.command, step.args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (buffered) {
      child.stdout.on('data', (c) => out.push(c));
      child.stderr.on('data', (c) => out.push(c));
    }
    const finish = (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered && out.length) {
        console.log(`\n── ${step.name} ──`);
        process.stdout.write(Buffer.concat(out));
      }
      const ok = code === 0;
      console.log(`${ok ? '✔' : '✘'} ${step.name}: ${seconds.toFixed(1)} s${ok ? '' : ` (exit ${code})`}`);
      done.set(step.name, { seconds, result: ok ? 'passed' : 'failed' });
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
  .map((s) => [s.name, done.get(s.name)?.seconds.toFixed(1) ?? '-', done.get(s.name)?.result ?? 'not run']);
rows.push(['total (wall clock)', total.toFixed(1), failed ? 'FAILED' : 'passed']);
const width = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['step', 'seconds', 'result'][i].length));
const line = (r) => `| ${r[0].padEnd(width[0])} | ${r[1].padStart(width[1])} | ${r[2].padEnd(width[2])} |`;
console.log(`\n${line(['step', 'seconds', 'result'])}\n|${width.map((w, i) => (i === 1 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nnpm test ${failed ? 'FAILED' : 'passed'} in ${Math.round(total)} s`);
process.exit(failed ? 1 : 0);
