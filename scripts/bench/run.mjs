// `npm run bench`: every performance figure of the project from one run, each beside its budget
// with PASS, FAIL, UNSTABLE (the repeated measurements lie on both sides of the budget: fails) or
// INFO. Builds first (so the figures are of the code as it is), then measures the first views in
// Chromium, Lighthouse, the dial and the 1,000-room building under a slow CPU, the server under
// load, and the other benches of the project (steps; one that does not exist yet says so).
// Exit code 1 when any budget fails or is unstable; every figure is printed regardless. The
// budgets are issue 30's, listed in docs/performance.md, and the other benches' (steps) own
// budgets; the dial drag is an interaction, judged like the 1,000-room building's.
//
// Options: --no-build (measure the existing build); --quick or BENCH_QUICK=1 (fewer and shorter
// rounds, for trying the bench out: its verdicts are not the reference); --only=LIST, a comma
// list of sections: sizes, lighthouse, dial, big, server, steps (web = the first four, server =
// the last two); WEB_DIST=folder of another web build to measure; BENCH_JSON=file writes the
// rows as JSON too (scripts/bench/repeat.mjs). Every run starts with the machine's reference
// figures (machine.mjs): runs compare only when these agree. Server settings: see
// apps/server/bench/server-bench.ts (BENCH_ROUNDS, BENCH_DURATION, …). --write-docs: afterwards,
// rewrite the table between the bench markers of docs/performance.md (write-docs.mjs); a run of
// some parts (--only=) replaces those parts' rows and keeps the others'.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { measureFirstView } from './bundle-size.mjs';
import { measureDialDrag } from './dial-long-tasks.mjs';
import { audit } from './lighthouse-audit.mjs';
import { browserRuns, runsVerdict } from './long-tasks.mjs';
import { machineFigures } from './machine.mjs';
import {
  FIRST_RENDER_MS,
  INTERACTION_MS,
  LONG_TASK_MS,
  measureBigBuildingRuns,
} from './overview-long-tasks.mjs';
import { writeDocs } from './write-docs.mjs';
import { backfillDone, benchLogin, repoRoot, startAppServer } from './app-server.mjs';

if (process.argv.includes('--quick')) process.env.BENCH_QUICK = '1';
const quick = Boolean(process.env.BENCH_QUICK);

const budgets = {
  loginJsKb: 150,
  roomJsKb: 220,
  /** Issue 13: the room overview at `/`. */
  overviewJsKb: 230,
  /** Issue 30: Lighthouse performance ≥ 95, accessibility 100, LCP ≤ 2.5 s on all three pages. */
  performance: 95,
  lcpMs: 2500,
  accessibility: 100,
  /** Issue 30, on the 1,000-room building at 4x CPU: an interaction's longest task. */
  interactionMs: INTERACTION_MS,
  /** … and a page's first render's. */
  firstRenderMs: FIRST_RENDER_MS,
};
const roomPath = 'room-control/smart/room/1';
const rows = [];
/** The part (section) the rows being added belong to: --write-docs merges by part. */
let part = 'machine';

/** A figure of another page than the one meant (a 404, a redirect to login) does not count. */
const onPage = (pathname, pagePath) =>
  pathname.endsWith(pagePath) ? '' : ` — NOT the ${pagePath} page: it ended at ${pathname}`;

/** pass: true, false, null (INFO) or a verdict word ('PASS', 'FAIL', 'UNSTABLE', 'INFO'). */
function row(figure, value, budget, pass) {
  const verdict = typeof pass === 'string' ? pass : pass === null ? 'INFO' : pass ? 'PASS' : 'FAIL';
  rows.push({ part, figure, value, budget, verdict });
  console.log(
    `  ${verdict.padEnd(8)} ${figure}${value ? `: ${value}` : ''}${budget ? ` (budget ${budget})` : ''}`,
  );
}

function failed(figure, budget, error) {
  if (process.env.BENCH_DEBUG) console.error(error);
  row(figure, `not measured (${String(error?.message ?? error).split('\n')[0]})`, budget, false);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const started = new Date();
console.log(
  `Raumregler bench, ${started.toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}${quick ? ', QUICK mode (not the reference figures)' : ''}`,
);
if (!process.argv.includes('--no-build')) {
  console.log('\n━━ build ━━');
  run('npm', ['run', 'build', '--silent']);
}

const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const groups = { web: ['sizes', 'lighthouse', 'dial', 'big'], server: ['server', 'steps'] };
const sections = new Set(
  (onlyArg ?? 'web,server').split(',').flatMap((name) => groups[name] ?? [name]),
);

async function measureWeb() {
  console.log('\n━━ web app (built, served by the real server, Chromium) ━━');
  const app = await startAppServer();
  try {
    const roomReady = async (page) => {
      const slider = page.getByRole('slider').first();
      try {
        await slider.waitFor({ state: 'visible', timeout: 10_000 });
        return `room page with dial "${await slider.getAttribute('aria-label')}"`;
      } catch {
        return `no dial yet; page shows "${
          (await page
            .locator('h1')
            .first()
            .textContent()
            .catch(() => '')) ?? ''
        }" at ${new URL(page.url()).pathname}`;
      }
    };
    const views = [
      [
        'login',
        'auth/login',
        false,
        budgets.loginJsKb,
        async (page) => {
          await page.getByRole('button', { name: 'Anmelden' }).waitFor({ timeout: 10_000 });
          return 'login form';
        },
      ],
      ['room page', roomPath, true, budgets.roomJsKb, roomReady],
      [
        'overview',
        '',
        true,
        budgets.overviewJsKb,
        async (page) => {
          await page.getByRole('table').waitFor({ timeout: 10_000 });
          return 'room overview table';
        },
      ],
    ];
    if (sections.has('sizes')) {
      part = 'sizes';
      for (const [name, pagePath, signedIn, jsBudget, ready] of views) {
        try {
          const size = await measureFirstView(app.appUrl + pagePath, { signedIn, ready });
          const wrongPage = onPage(size.pathname, pagePath);
          // A signed-in view that never marked its prefetch: the split below would be a guess.
          const unmarked =
            signedIn && !size.prefetch.marked ? ' — the app set no prefetch mark' : '';
          row(
            `JS shipped, first view of ${name} (gzip, ${size.files} files before the route prefetch; ${size.shown})${wrongPage}${unmarked}`,
            `${size.jsKb.toFixed(1)} KB`,
            `≤ ${jsBudget} KB`,
            size.jsKb <= jsBudget && wrongPage === '' && unmarked === '',
          );
          row(
            `CSS shipped, first view of ${name} (gzip)`,
            `${size.cssKb.toFixed(1)} KB`,
            'none',
            null,
          );
          if (signedIn) {
            row(
              `JS prefetched after the first view of ${name} (gzip, ${size.prefetch.files} files from ${size.prefetch.atMs ?? '?'} ms on, in idle moments; the other screens, decision 10)`,
              `${size.prefetch.jsKb.toFixed(1)} KB`,
              'none',
              null,
            );
          }
        } catch (error) {
          failed(`JS/CSS shipped, first view of ${name}`, `≤ ${jsBudget} KB`, error);
        }
      }
    }

    if (sections.has('lighthouse')) {
      part = 'lighthouse';
      for (const [name, pagePath, signedIn] of [
        ['login', 'auth/login', false],
        ['room page', roomPath, true],
        ['overview', '', true],
      ]) {
        try {
          const result = await audit(app.appUrl + pagePath, { signedIn, origin: app.origin });
          const where = new URL(result.finalUrl).pathname;
          const elsewhere = result.runs
            .map((r) => onPage(new URL(r.finalUrl).pathname, pagePath))
            .find((text) => text !== '');
          const scores = result.runs.map((r) => r.performance).join(' / ');
          const retried = result.retried.length
            ? `; retried after ${result.retried.join(', ')}`
            : '';
          row(
            `Lighthouse performance, ${name} (mobile, ${where}; median of ${scores}; ${result.metrics}${retried})${elsewhere ?? ''}`,
            String(result.performance),
            `≥ ${budgets.performance}`,
            result.performance >= budgets.performance && elsewhere === undefined,
          );
          for (const [index, r] of result.runs.entries()) {
            console.log(
              `        run ${index + 1}: ${r.performance} (${r.metrics}; LCP: ${r.lcpElement}; Lighthouse's benchmark index of this machine ${r.benchmarkIndex})`,
            );
          }
          const lcps = result.runs.map((r) => r.lcpMs).sort((a, b) => a - b);
          const lcp = lcps[Math.floor(lcps.length / 2)];
          row(
            `Lighthouse LCP, ${name} (mobile; median of ${lcps.map((v) => (v / 1000).toFixed(2)).join(' / ')} s)`,
            `${(lcp / 1000).toFixed(2)} s`,
            `≤ ${(budgets.lcpMs / 1000).toFixed(1)} s`,
            lcp <= budgets.lcpMs && elsewhere === undefined,
          );
          const accessibility = result.runs.map((r) => r.accessibility);
          const failing = [...new Set(result.runs.flatMap((r) => r.failing))];
          row(
            `Lighthouse accessibility, ${name} (runs ${accessibility.join(' / ')})${failing.length ? ` (failing: ${failing.join(', ')})` : ''}${elsewhere ?? ''}`,
            String(Math.min(...accessibility)),
            `= ${budgets.accessibility}`,
            Math.min(...accessibility) >= budgets.accessibility && elsewhere === undefined,
          );
        } catch (error) {
          failed(
            `Lighthouse, ${name}`,
            `≥ ${budgets.performance} / = ${budgets.accessibility}`,
            error,
          );
        }
      }
    }

    if (sections.has('dial')) {
      part = 'dial';
      try {
        // Several runs, each in a fresh browser on a fresh server (a drag sets the room's target,
        // so the next run on the same server would start where this one ended), judged like
        // the 1,000-room steps.
        const dials = [];
        for (let run = 0; run < browserRuns(); run += 1) {
          const fresh = await startAppServer();
          try {
            dials.push(await measureDialDrag(fresh.appUrl + roomPath));
          } finally {
            await fresh.stop();
          }
        }
        const missing = dials.find((dial) => dial.status === 'no-slider');
        if (missing) {
          row(
            `Long tasks during a 3 s dial drag at 4x CPU slowdown: ${missing.detail}`,
            'no dial to drag',
            'none',
            false,
          );
        } else {
          // An interaction like the 1,000-room steps; a drag that moved nothing fails.
          const { verdict, value } = runsVerdict(
            dials.map((dial) => Math.round(dial.maxMs)),
            budgets.interactionMs,
          );
          const moved = dials.every((dial) => dial.valueBefore !== dial.valueAfter);
          const last = dials.at(-1);
          row(
            `Longest task during a 3 s dial drag at 4x CPU slowdown, demo building (${dials.map((dial) => dial.longTasks).join(' / ')} over ${LONG_TASK_MS} ms, ${last.moves} pointer moves, value ${last.valueBefore} → ${last.valueAfter}; longest task per run ${dials.map((dial) => Math.round(dial.maxMs)).join(' / ')} ms)`,
            value,
            `≤ ${budgets.interactionMs} ms`,
            moved ? verdict : false,
          );
        }
      } catch (error) {
        failed('Long tasks during a dial drag', 'none', error);
      }
    }
  } finally {
    await app.stop();
  }
}

/** Issue 30: the overview and the room page on the 1,000-room building, CPU 4x slower. */
async function measureBigBuildingWeb() {
  part = 'big';
  const runs = Number(process.env.BENCH_BROWSER_RUNS ?? (quick ? 1 : 3));
  console.log(
    `\n━━ web app on the 1,000-room building, 4x CPU slowdown (${runs} run${runs === 1 ? '' : 's'}) ━━`,
  );
  let app;
  try {
    app = await startAppServer({ building: 'big' });
    const fill = await backfillDone(app.origin, benchLogin);
    row(
      "Long tasks, 1,000 rooms: waited for the first start's history backfill before measuring",
      `${fill.seconds.toFixed(0)} s`,
      'none',
      null,
    );
    for (const r of await measureBigBuildingRuns(app.appUrl, runs)) {
      row(
        `Longest task, 1,000 rooms, 4x CPU: ${r.label} (${r.detail})`,
        r.value,
        r.verdict === 'INFO' ? 'none' : `≤ ${r.limit} ms`,
        r.verdict,
      );
    }
  } catch (error) {
    failed(
      'Long tasks on the 1,000-room building',
      `≤ ${budgets.interactionMs} ms (interaction) / ≤ ${budgets.firstRenderMs} ms (first render)`,
      error,
    );
  } finally {
    await app?.stop();
  }
}

/**
 * Runs a command, its output shown as it comes and kept; resolves with the exit code and the
 * output. Used for the steps: other benches of the project whose PASS/FAIL lines count here.
 */
function runStreaming(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (stream, target) =>
      stream.on('data', (chunk) => {
        target.write(chunk);
        output += chunk.toString();
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('error', (error) => resolve({ code: -1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

const verdictLine = /^\s*(PASS|FAIL|UNSTABLE|INFO)\b[\s:]+(.+)$/;

/**
 * A step: another bench of the project. Each PASS/FAIL/UNSTABLE/INFO line it prints becomes a
 * row. A step that exits with an error without a failing line, or prints no verdict at all,
 * fails: a bench that measured nothing must not pass. One that does not exist yet (the branch
 * that adds it is not merged) prints one INFO line and is skipped.
 */
/**
 * A step's verdict line, "figure (details): value (budget …)", as a row: its value (after the
 * last ": " outside parentheses) apart from its name, so that repeat.mjs matches the figure across
 * runs and takes the median of its values. A line without that shape stays whole in the name.
 */
function splitStepLine(name, text) {
  let rest = text.trim();
  let budget = '';
  const budgetAtEnd = /\s*\(budget ([^()]*)\)$/.exec(rest);
  if (budgetAtEnd) {
    budget = budgetAtEnd[1];
    rest = rest.slice(0, budgetAtEnd.index);
  }
  let depth = 0;
  let split = -1;
  for (let index = 0; index < rest.length - 1; index++) {
    if (rest[index] === '(') depth++;
    else if (rest[index] === ')') depth--;
    else if (depth === 0 && rest[index] === ':' && rest[index + 1] === ' ') split = index;
  }
  if (split < 0) return { figure: `${name}: ${text.trim()}`, value: '', budget: '' };
  return {
    figure: `${name}: ${rest.slice(0, split)}`,
    value: rest.slice(split + 2).trim(),
    budget,
  };
}

async function step({ name, present, command, args, missing }) {
  console.log(`\n━━ step: ${name} ━━`);
  if (!present()) {
    row(`${name}: not present (${missing}); skipped`, '', '', null);
    return;
  }
  const began = Date.now();
  const { code, output } = await runStreaming(command, args);
  // A line printed twice (a step that repeats its verdicts in a summary) counts once.
  const lines = [...new Set(output.split('\n').map((line) => line.trim()))]
    .map((line) => verdictLine.exec(line))
    .filter(Boolean);
  // A step judges its own budgets (the group action's, the history's, the alarms', the chart's).
  for (const [, verdict, text] of lines) rows.push({ part, ...splitStepLine(name, text), verdict });
  const failing = lines.some(([, verdict]) => verdict === 'FAIL' || verdict === 'UNSTABLE');
  if (code !== 0 && !failing) {
    row(`${name}: exited with code ${code} without a FAIL line`, `exit ${code}`, 'exit 0', false);
  } else if (lines.length === 0) {
    row(`${name}: printed no PASS/FAIL line`, 'nothing measured', 'a verdict', false);
  }
  console.log(`  (${name} took ${Math.round((Date.now() - began) / 1000)} s)`);
}

const serverPackage = JSON.parse(
  readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'),
);
const npmScript = (name) => ({
  name: `npm run ${name} -w apps/server`,
  present: () => typeof serverPackage.scripts?.[name] === 'string',
  command: 'npm',
  args: ['run', '--silent', name, '-w', 'apps/server'],
  missing: `no "${name}" script in apps/server/package.json`,
});
const nodeScript = (file) => ({
  name: `node ${file}`,
  present: () => existsSync(path.join(repoRoot, file)),
  command: process.execPath,
  args: [file],
  missing: `no ${file}`,
});
/** The other benches (issue 13 group action, 14 history, 32 export, 15 alarms, 14 history chart). */
const steps = [
  npmScript('bench:group'),
  npmScript('bench:history'),
  npmScript('bench:export'),
  npmScript('bench:alarms'),
  nodeScript('scripts/bench/chart-long-tasks.mjs'),
];

async function measureServer() {
  part = 'server';
  console.log(
    '\n━━ server under load (autocannon, pinned, interleaved rounds; fixed-rate polling on the demo building) ━━',
  );
  const jsonDir = mkdtempSync(path.join(tmpdir(), 'raumregler-bench-json-'));
  try {
    const jsonFile = path.join(jsonDir, 'server.json');
    try {
      run(process.execPath, ['--import', 'tsx', 'apps/server/bench/server-bench.ts'], {
        BENCH_JSON: jsonFile,
      });
    } catch {
      // A failed budget makes the server bench exit 1; its figures are in the JSON all the same.
    }
    const { verdicts } = JSON.parse(readFileSync(jsonFile, 'utf8'));
    for (const v of verdicts) {
      row(v.figure, v.value, v.budget, v.unstable ? 'UNSTABLE' : v.pass);
    }
  } catch (error) {
    failed('Server bench', 'see apps/server/bench/server-bench.ts', error);
  } finally {
    rmSync(jsonDir, { recursive: true, force: true });
  }
}

// Every run, whatever its parts: which kind of machine measured the figures (machine.mjs).
console.log('\n━━ machine (reference figures, none of them ours) ━━');
const machine = await machineFigures();
for (const [figure, value] of machine) row(figure, value, 'none', null);
if (['sizes', 'lighthouse', 'dial'].some((name) => sections.has(name))) await measureWeb();
if (sections.has('big')) await measureBigBuildingWeb();
if (sections.has('server')) await measureServer();
if (sections.has('steps')) {
  part = 'steps';
  for (const s of steps) await step(s);
}

const seconds = Math.round((Date.now() - started.getTime()) / 1000);
console.log(
  `\nSummary (${started.toISOString()}, ${cpus().length} cores, ${seconds} s${quick ? ', QUICK mode' : ''})`,
);
for (const r of rows) {
  const figure = r.value ? `${r.figure}: ${r.value}` : r.figure;
  console.log(`${r.verdict.padEnd(8)} ${figure}${r.budget ? ` (budget ${r.budget})` : ''}`);
}
// BENCH_JSON=file: every row as JSON too, for scripts/bench/repeat.mjs (the five-run table).
if (process.env.BENCH_JSON) {
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ started: started.toISOString(), seconds, quick, rows }, null, 2),
  );
}
if (process.argv.includes('--write-docs')) {
  const file = writeDocs({
    run: `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}${quick ? ', QUICK mode' : ''}`,
    machine: machine.map(([figure, value]) => `${figure.replace(/^Machine: /, '')} ${value}`),
    parts: [...sections],
    rows: rows.filter((r) => r.part !== 'machine'),
  });
  console.log(`\nWrote the figures of ${[...sections].join(', ')} into ${file}`);
}
const failures = rows.filter((r) => r.verdict === 'FAIL' || r.verdict === 'UNSTABLE');
const unstable = failures.filter((r) => r.verdict === 'UNSTABLE').length;
console.log(
  `\n${rows.length - failures.length} within budget or informational, ${failures.length - unstable} over budget, ${unstable} unstable (fail)`,
);
process.exit(failures.length > 0 ? 1 : 0);
