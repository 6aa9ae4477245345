// `npm run bench -- --write-docs`: the run's figures into docs/performance.md, between
// `<!-- bench:begin -->` and `<!-- bench:end -->`. Two tables: per part, the run that measured it
// and that machine's reference figures (machine.mjs); then every figure with its part, value,
// budget and verdict. A run of some parts (--only=) replaces the rows of those parts and keeps
// the others' as they were, so a table can be filled part by part.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './app-server.mjs';

const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';
/** The parts in the order run.mjs measures them. */
const ORDER = ['sizes', 'lighthouse', 'dial', 'big', 'server', 'steps'];
const RUNS_HEADER = '| Parts | Run | Machine reference figures |';
const ROWS_HEADER = '| Part | Figure | Value | Budget | Verdict |';

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const cells = (line) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((text) => text.trim().replace(/\\\|/g, '|'));

/** The rows of the markdown table under `header` in `block` (none when it is not there). */
function readTable(block, header) {
  const lines = block.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) return [];
  const table = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    table.push(cells(line));
  }
  return table;
}

/** One row per run and machine, naming the parts measured in it (node 20 has no groupBy). */
function runRows(runs, rank) {
  const groups = new Map();
  for (const [p, [r, m]] of [...runs].sort(([a], [b]) => rank(a) - rank(b))) {
    const key = `${r}\u0000${m}`;
    if (!groups.has(key)) groups.set(key, { r, m, parts: [] });
    groups.get(key).parts.push(p);
  }
  return [...groups.values()].map(
    ({ r, m, parts }) => `| ${cell(parts.join(', '))} | ${cell(r)} | ${cell(m)} |`,
  );
}

/**
 * @param {{run: string, machine: string[], parts: string[],
 *   rows: {part: string, figure: string, value: string, budget: string, verdict: string}[]}} result
 * @returns {string} the file written
 */
export function writeDocs({ run, machine, parts, rows }, file = 'docs/performance.md') {
  const target = path.join(repoRoot, file);
  const text = readFileSync(target, 'utf8');
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${file} has no ${BEGIN} … ${END} block`);
  const old = text.slice(begin + BEGIN.length, end);

  const measured = new Set(parts);
  // One row per run: the parts measured in it, comma-separated.
  const runs = new Map(
    readTable(old, RUNS_HEADER).flatMap(([ps, r, m]) => ps.split(', ').map((p) => [p, [r, m]])),
  );
  for (const p of parts) runs.set(p, [run, machine.join('; ')]);
  const kept = readTable(old, ROWS_HEADER)
    .filter(([p]) => !measured.has(p))
    .map(([p, figure, value, budget, verdict]) => ({ part: p, figure, value, budget, verdict }));
  const rank = (p) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length);
  const all = [...kept, ...rows].sort((a, b) => rank(a.part) - rank(b.part)); // stable: run order

  const block = [
    '',
    'Written by `npm run bench -- --write-docs` (do not edit by hand). Figures from two runs',
    'compare only when their machine reference figures agree.',
    '',
    RUNS_HEADER,
    '| --- | --- | --- |',
    ...runRows(runs, rank),
    '',
    ROWS_HEADER,
    '| --- | --- | --- | --- | --- |',
    ...all.map(
      (r) =>
        `| ${cell(r.part)} | ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.budget)} | ${cell(r.verdict)} |`,
    ),
    '',
    '',
  ].join('\n');
  writeFileSync(target, text.slice(0, begin + BEGIN.length) + block + text.slice(end));
  return file;
}
