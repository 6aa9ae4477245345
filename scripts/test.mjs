// `npm test`: every check in order, each runner's own output, then one line CI reads:
// `N passed, N failed`. Typecheck, lint and build count as one check each; Vitest and
// Playwright count their tests from their JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts from a runner's JSON report; a runner that wrote none failed as a whole. */
function countReport(label, ok, counts) {
  if (!counts) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  passed += counts.passed;
  failed += counts.failed;
  if (counts.failed > 0 || !ok) failures.push(label);
  if (!ok && counts.failed === 0) failed += 1;
}

check('typecheck', 'npx', ['tsc', '-b', 'tsconfig.json']);
check('lint', 'npm', ['run', 'lint', '--silent']);

const vitestReport = `${reports}/vitest.json`;
const vitestOk = run('unit and server tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
countReport(
  'vitest',
  vitestOk,
  vitest && {
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests + (vitest.numRuntimeErrorTestSuites ?? 0),
  },
);

const built = run('build (server and web app)', 'npm', ['run', 'build', '--silent']);
if (built) passed += 1;
else {
  failed += 1;
  failures.push('build');
}

if (built && run('browser (Chromium)', 'bash', ['scripts/ensure-chromium.sh'])) {
  const playwrightReport = `${reports}/playwright.json`;
  const e2eOk = run(
    'end-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  );
  const playwright = existsSync(playwrightReport) ? readJson(playwrightReport) : null;
  countReport(
    'e2e',
    e2eOk,
    playwright && {
      passed: playwright.stats.expected + playwright.stats.flaky,
      failed: playwright.stats.unexpected,
    },
  );
} else {
  failed += 1;
  failures.push(built ? 'chromium missing' : 'e2e not run (build failed)');
}

console.log('');
// The failed tests by name at the end, where a log cut to its tail (CI) still shows them.
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status !== 'failed') continue;
    const reason = String(test.failureMessages?.[0] ?? '')
      .split('\n')[0]
      .slice(0, 300);
    console.log(`✗ ${path.relative(process.cwd(), file.name)} › ${test.fullName}: ${reason}`);
  }
  if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
    console.log(
      `✗ ${path.relative(process.cwd(), file.name)}: ${String(file.message).slice(0, 300)}`,
    );
  }
}
if (failures.length > 0) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
