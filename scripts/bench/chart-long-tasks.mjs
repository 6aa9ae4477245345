// Long tasks while the room page draws its 30-day history chart (issue 14) on the 1,000-room
// building with 30 days of history, at 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), as
// on a slow phone: the page is open with its 24 h chart, then "30 Tage" is pressed; every long
// task from the press until the 30-day chart is on screen and the page has been quiet for a moment
// counts. A task over 50 ms is a visible stutter. A PerformanceObserver({type: 'longtask'})
// installed before the app starts collects them (as in dial-long-tasks.mjs).
//
// measureChartLongTasks(appUrl, credentials, roomId) measures on a running server (the bench
// runner's); run alone, `node scripts/bench/chart-long-tasks.mjs` (needs `npm run build`) starts
// its own: the generated 1,000-room building with HISTORY_BACKFILL_DAYS=30, waits for the
// backfill (GET /api/history/status), measures, and prints one PASS/FAIL line.
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { backfillDone, benchLogin, startAppServer, storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { LONG_TASK_MS, SLOWDOWN, settle as settleLongTasks, slowPage } from './long-tasks.mjs';

export { LONG_TASK_MS };
const QUIET_MS = 600;
const HISTORY_DAYS = 30;
/** A room with a sensor (every 17th has none) on the middle floor. */
const ROOM_ID = 501;

/** Waits until the page has been quiet for `quietMs` (15 s at most). */
const settle = (page, quietMs = QUIET_MS) => settleLongTasks(page, quietMs, 15_000);

/**
 * @returns {Promise<{status: 'measured', longTasks: number, maxMs: number, samples: number,
 *   stepSeconds: number, firstChartMaxMs: number} | {status: 'no-chart', detail: string}>}
 */
export async function measureChartLongTasks(appUrl, credentials, roomId = ROOM_ID) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const { page } = await slowPage(browser, {
      viewport: { width: 412, height: 823 },
      locale: 'de-DE',
      auth: storedAuth(credentials.username, credentials.password),
      slowdown: SLOWDOWN,
    });
    await page.goto(`${appUrl}room-control/smart/room/${roomId}`);
    const section = page.getByRole('region', { name: 'Verlauf' });
    const chart = (range) =>
      section.getByRole('img', { name: new RegExp(`letzte ${range}`) }).locator('canvas');
    try {
      await section.waitFor({ state: 'attached', timeout: 30_000 });
      await section.scrollIntoViewIfNeeded();
      await chart('24 h').waitFor({ state: 'visible', timeout: 30_000 });
    } catch {
      return {
        status: 'no-chart',
        detail: `no 24 h chart in a "Verlauf" section on ${new URL(page.url()).pathname}`,
      };
    }
    await settle(page);
    const firstChartMaxMs = await page.evaluate(() =>
      Math.max(0, ...globalThis.__longTasks.map((task) => task.duration)),
    );

    const answer = page.waitForResponse((response) =>
      /\/api\/history\/\d+\/\?/.test(response.url()),
    );
    const since = await page.evaluate(() => globalThis.performance.now());
    await section.getByRole('button', { name: `${HISTORY_DAYS} Tage` }).click();
    const body = await (await answer).json();
    await chart(`${HISTORY_DAYS} Tage`).waitFor({ state: 'visible', timeout: 30_000 });
    await settle(page);
    const tasks = await page.evaluate(
      (from) => globalThis.__longTasks.filter((task) => task.start + task.duration >= from),
      since,
    );
    return {
      status: 'measured',
      longTasks: tasks.filter((task) => task.duration > LONG_TASK_MS).length,
      maxMs: Math.max(0, ...tasks.map((task) => task.duration)),
      samples: body.samples?.length ?? 0,
      stepSeconds: body.step_seconds,
      firstChartMaxMs,
    };
  } finally {
    await browser.close();
  }
}

/** The 1,000-room building with 30 days of backfilled history, on a free port. */
const startBigServer = () =>
  startAppServer({ building: 'big', env: { HISTORY_BACKFILL_DAYS: String(HISTORY_DAYS) } });

async function main() {
  const server = await startBigServer();
  try {
    const fill = await backfillDone(server.origin, benchLogin);
    console.log(
      `  INFO  backfill of ${HISTORY_DAYS} days for 1,000 rooms: ${fill.backfill} after ${fill.seconds.toFixed(0)} s of waiting`,
    );
    const result = await measureChartLongTasks(server.appUrl, benchLogin);
    if (result.status !== 'measured') {
      console.log(
        `  FAIL  Long tasks rendering the 30-day chart at 4x CPU slowdown: ${result.detail}`,
      );
      process.exitCode = 1;
      return;
    }
    const pass = result.longTasks === 0;
    // The observer reports only tasks over 50 ms: none at all reads "no long task", not "0 ms".
    const longest = result.maxMs > 0 ? `${Math.round(result.maxMs)} ms` : 'no long task';
    console.log(
      `  INFO  Longest task while the page drew its first (24 h) chart, chunk included, at 4x CPU slowdown: ${Math.round(result.firstChartMaxMs)} ms`,
    );
    console.log(
      `  ${pass ? 'PASS' : 'FAIL'}  Longest task rendering the 30-day chart at 4x CPU slowdown (room ${ROOM_ID} of 1,000, ${result.samples} samples of ${result.stepSeconds} s, ${result.longTasks} over ${LONG_TASK_MS} ms): ${longest}  budget none over ${LONG_TASK_MS} ms`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
