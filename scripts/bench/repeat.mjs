// `node scripts/bench/repeat.mjs [N] [run.mjs options]`: the whole bench N times in a row (5 by
// default) on the same build, and one table of every figure across the runs: each run's verdict
// and value, the median and spread (min–max) of the figure's leading number, and whether all
// runs gave the same verdict. Issue 19 asks that consecutive runs agree on every verdict; this is
// how to check it. Builds once first (unless --no-build), then
// passes the other options to every run (e.g. --only=server). Writes the table to
// bench-repeat.md in the current folder as well, and exits 1 when a verdict differs between runs
// or any run failed a budget.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './app-server.mjs';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 5;
if (!args.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const passOn = args.filter((arg) => arg !== '--no-build');
const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-bench-repeat-'));
const results = [];
try {
  for (let index = 1; index <= runs; index++) {
    const file = path.join(dir, `run-${index}.json`);
    console.log(`\n═══ run ${index} of ${runs} ═══`);
    spawnSync(process.execPath, ['scripts/bench/run.mjs', '--no-build', ...passOn], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, BENCH_JSON: file },
    });
    results.push(JSON.parse(readFileSync(file, 'utf8')));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The figure's leading number ("0.848 (0.799–0.875)" → 0.848; "148.3 MB" → 148.3). */
const leading = (value) => {
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(String(value ?? ''));
  return match ? Number(match[0].replace(/,/g, '')) : null;
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const short = (value) =>
  String(value ?? '')
    .replace(/\s+/g, ' ')
    .slice(0, 60);
const cell = (text) => String(text).replace(/\|/g, '\\|');

/**
 * A figure's name without its parenthesized details, which change from run to run (request
 * counts, file counts, the millisecond a prefetch started): the key that matches it across runs.
 */
const keyOf = (figure) => {
  let key = String(figure);
  for (let before = ''; before !== key;) {
    before = key;
    key = key.replace(/\s*\([^()]*\)/g, '');
  }
  return key.replace(/\s+/g, ' ').trim();
};
const figures = [];
for (const result of results) {
  for (const row of result.rows)
    if (!figures.includes(keyOf(row.figure))) figures.push(keyOf(row.figure));
}
const lines = [
  `Bench repeated ${runs} times (${results[0]?.started} to ${new Date().toISOString()}; runs took ${results.map((r) => `${r.seconds} s`).join(', ')})`,
  '',
  `| figure | budget | ${results.map((_, i) => `run ${i + 1}`).join(' | ')} | median (min–max) | verdicts agree |`,
  `|---|---|${results.map(() => '---|').join('')}---|---|`,
];
let disagreements = 0;
let failures = 0;
for (const figure of figures) {
  const found = results.map((result) => result.rows.find((row) => keyOf(row.figure) === figure));
  const verdicts = found.map((row) => row?.verdict ?? 'missing');
  const numbers = found.map((row) => leading(row?.value)).filter((n) => n !== null);
  const agree = verdicts.every((verdict) => verdict === verdicts[0]);
  if (!agree) disagreements++;
  if (verdicts.some((verdict) => verdict === 'FAIL' || verdict === 'UNSTABLE')) failures++;
  const spread = numbers.length
    ? `${median(numbers)} (${Math.min(...numbers)}–${Math.max(...numbers)})`
    : '–';
  lines.push(
    `| ${cell(figure)} | ${cell(found.find(Boolean)?.budget ?? '')} | ${found
      .map((row) => cell(row ? `${row.verdict} ${short(row.value)}` : 'missing'))
      .join(' | ')} | ${spread} | ${agree ? 'yes' : '**no**'} |`,
  );
}
lines.push(
  '',
  `${figures.length} figures; ${disagreements} with verdicts that differ between runs; ${failures} failed or unstable in at least one run.`,
);
const table = lines.join('\n');
console.log(`\n${table}`);
writeFileSync('bench-repeat.md', `${table}\n`);
process.exit(disagreements > 0 || failures > 0 ? 1 : 0);
