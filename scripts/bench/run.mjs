// `npm run bench`: every performance figure of the project from one run, each beside its budget
// with PASS or FAIL. Builds first (so the figures are of the code as it is), then measures the
// first views in Chromium, Lighthouse, the dial under a slow CPU, and the server under load.
// Exit code 1 when any budget fails; every figure is printed regardless.
//
// Options: --no-build (measure the existing build); --only=web or --only=server (one half);
// BENCH_DURATION=seconds per server load run; WEB_DIST=folder of another web build to measure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { measureFirstView } from './bundle-size.mjs';
import { measureDialDrag } from './dial-long-tasks.mjs';
import { audit } from './lighthouse-audit.mjs';
import { repoRoot, startAppServer } from './app-server.mjs';

const budgets = {
  loginJsKb: 150,
  roomJsKb: 220,
  /** Issue 13: the room overview at `/`. */
  overviewJsKb: 230,
  performance: 95,
  accessibility: 100,
  longTaskMs: 50,
};
const roomPath = 'room-control/smart/room/1';
const rows = [];

/** A figure of another page than the one meant (a 404, a redirect to login) does not count. */
const onPage = (pathname, pagePath) =>
  pathname.endsWith(pagePath) ? '' : ` — NOT the ${pagePath} page: it ended at ${pathname}`;

function row(figure, value, budget, pass) {
  rows.push({ figure, value, budget, verdict: pass === null ? 'INFO' : pass ? 'PASS' : 'FAIL' });
  console.log(`  ${pass === null ? 'INFO' : pass ? 'PASS' : 'FAIL'}  ${figure}: ${value}`);
}

function failed(figure, budget, error) {
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
  `Raumregler bench, ${started.toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
);
if (!process.argv.includes('--no-build')) {
  console.log('\n━━ build ━━');
  run('npm', ['run', 'build', '--silent']);
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

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
    for (const [name, pagePath, signedIn, jsBudget, ready] of views) {
      try {
        const size = await measureFirstView(app.appUrl + pagePath, { signedIn, ready });
        const wrongPage = onPage(size.pathname, pagePath);
        row(
          `JS shipped, first view of ${name} (gzip, ${size.files} files; ${size.shown})${wrongPage}`,
          `${size.jsKb.toFixed(1)} KB`,
          `≤ ${jsBudget} KB`,
          size.jsKb <= jsBudget && wrongPage === '',
        );
        row(
          `CSS shipped, first view of ${name} (gzip)`,
          `${size.cssKb.toFixed(1)} KB`,
          'none',
          null,
        );
      } catch (error) {
        failed(`JS/CSS shipped, first view of ${name}`, `≤ ${jsBudget} KB`, error);
      }
    }

    for (const [name, pagePath, signedIn] of [
      ['login', 'auth/login', false],
      ['room page', roomPath, true],
    ]) {
      try {
        const result = await audit(app.appUrl + pagePath, { signedIn, origin: app.origin });
        const where = new URL(result.finalUrl).pathname;
        const elsewhere = result.runs
          .map((r) => onPage(new URL(r.finalUrl).pathname, pagePath))
          .find((text) => text !== '');
        const scores = result.runs.map((r) => r.performance).join(' / ');
        const retried = result.retried.length ? `; retried after ${result.retried.join(', ')}` : '';
        row(
          `Lighthouse performance, ${name} (mobile, ${where}; median of ${scores}; ${result.metrics}${retried})${elsewhere ?? ''}`,
          String(result.performance),
          `≥ ${budgets.performance}`,
          result.performance >= budgets.performance && elsewhere === undefined,
        );
        for (const [index, r] of result.runs.entries()) {
          console.log(`        run ${index + 1}: ${r.performance} (${r.metrics})`);
        }
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

    try {
      const dial = await measureDialDrag(app.appUrl + roomPath);
      if (dial.status === 'no-slider') {
        row(
          `Long tasks during a 3 s dial drag at 4x CPU slowdown: ${dial.detail}`,
          'no dial to drag',
          'none over 50 ms',
          false,
        );
      } else {
        row(
          `Longest task during a 3 s dial drag at 4x CPU slowdown (${dial.longTasks} over 50 ms, ${dial.moves} pointer moves, value ${dial.valueBefore} → ${dial.valueAfter})`,
          `${Math.round(dial.maxMs)} ms`,
          `none over ${budgets.longTaskMs} ms`,
          dial.longTasks === 0 && dial.valueBefore !== dial.valueAfter,
        );
      }
    } catch (error) {
      failed('Long tasks during a dial drag', `none over ${budgets.longTaskMs} ms`, error);
    }
  } finally {
    await app.stop();
  }
}

async function measureServer() {
  console.log('\n━━ server under load (autocannon, 50 connections) ━━');
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
    for (const v of verdicts) row(v.figure, v.value, v.budget, v.pass);
  } catch (error) {
    failed('Server bench', 'ratio ≥ 0.6, p99 < 10 ms, RSS < 150 MB', error);
  } finally {
    rmSync(jsonDir, { recursive: true, force: true });
  }
}

async function measureGroupAction() {
  console.log('\n━━ group action (100 rooms of 1,000, 6 writes in flight) ━━');
  const jsonDir = mkdtempSync(path.join(tmpdir(), 'raumregler-bench-json-'));
  try {
    const jsonFile = path.join(jsonDir, 'group.json');
    try {
      run(process.execPath, ['--import', 'tsx', 'apps/server/bench/group-action.ts'], {
        BENCH_JSON: jsonFile,
      });
    } catch {
      // A failed budget makes the bench exit 1; its verdicts are in the JSON all the same.
    }
    const { verdicts } = JSON.parse(readFileSync(jsonFile, 'utf8'));
    for (const v of verdicts) row(v.figure, v.value, v.budget, v.pass);
  } catch (error) {
    failed('Group-action bench', '< 10 s, all rooms end at the same instant', error);
  } finally {
    rmSync(jsonDir, { recursive: true, force: true });
  }
}

if (only !== 'server') await measureWeb();
if (only !== 'web') await measureServer();
if (only !== 'web') await measureGroupAction();

console.log(`\nSummary (${started.toISOString()}, ${cpus().length} cores)`);
const width = Math.max(...rows.map((r) => r.figure.length));
for (const r of rows) {
  console.log(
    `${r.verdict}  ${r.figure.padEnd(width)}  ${r.value.padStart(12)}  budget ${r.budget}`,
  );
}
const failures = rows.filter((r) => r.verdict === 'FAIL').length;
console.log(`\n${rows.length - failures} within budget or informational, ${failures} over budget`);
process.exit(failures > 0 ? 1 : 0);
