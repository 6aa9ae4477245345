// What the browser benches share about long tasks (overview-long-tasks.mjs, chart-long-tasks.mjs,
// dial-long-tasks.mjs, trace-overview.mjs).
import { AUTH_STORAGE_KEY } from './app-server.mjs';

/** A task longer than this is a visible stutter (the budget: none over it). */
export const LONG_TASK_MS = 50;

/**
 * Waits until no long task started for `quietMs` (so a task right after the result counts), at
 * most `deadlineMs`. Reads `globalThis.__longTasks`, which the page's init script fills.
 */
export async function settle(page, quietMs, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const idleFor = await page.evaluate(() => {
      const last = globalThis.__longTasks.at(-1);
      const end = last ? last.start + last.duration : 0;
      return globalThis.performance.now() - end;
    });
    if (idleFor >= quietMs || Date.now() > deadline) return;
    await page.waitForTimeout(Math.max(50, quietMs - idleFor));
  }
}

/** The CPU slowdown of the browser benches: a facility manager's slow laptop, a mid-range phone. */
export const SLOWDOWN = 4;

/**
 * A new page in its own context, signed in through local storage (`auth`: storedAuth()), with
 * its long tasks collected from the start in `globalThis.__longTasks` (what settle() and the
 * steps read) and the CPU slowed down `slowdown` times over CDP before anything loads.
 * `moduleScripts`: also collect the module scripts Long Animation Frames attribute
 * (`globalThis.__moduleScripts`: where the entry bundle was evaluated).
 */
export async function slowPage(
  browser,
  { viewport, locale, auth, slowdown = SLOWDOWN, moduleScripts = false },
) {
  const context = await browser.newContext({ viewport, ...(locale ? { locale } : {}) });
  await context.addInitScript(
    ([key, value, withScripts]) => {
      globalThis.localStorage.setItem(key, value);
      globalThis.__longTasks = [];
      new globalThis.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          globalThis.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: 'longtask', buffered: true });
      if (!withScripts) return;
      globalThis.__moduleScripts = [];
      try {
        new globalThis.PerformanceObserver((list) => {
          for (const frame of list.getEntries()) {
            for (const script of frame.scripts ?? []) {
              if (script.invokerType !== 'module-script') continue;
              globalThis.__moduleScripts.push({
                url: script.sourceURL,
                start: script.startTime,
                end: script.startTime + script.duration,
              });
            }
          }
        }).observe({ type: 'long-animation-frame', buffered: true });
      } catch {
        // No Long Animation Frames API: the caller falls back to what it has.
      }
    },
    [AUTH_STORAGE_KEY, auth, moduleScripts],
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  return { context, page, cdp };
}

/** How many times a browser step runs (a fresh browser each): BENCH_BROWSER_RUNS, 1 when quick. */
export const browserRuns = () =>
  Number(process.env.BENCH_BROWSER_RUNS ?? (process.env.BENCH_QUICK ? 1 : 3));

/**
 * The verdict of a step run several times, from each run's longest task: on the median run,
 * UNSTABLE when the runs lie on both sides of the budget (PASS: every run within it, FAIL: none).
 */
export function runsVerdict(maxMs, limit = LONG_TASK_MS) {
  const sorted = [...maxMs].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const verdict =
    sorted[0] > limit || sorted.at(-1) <= limit ? (median > limit ? 'FAIL' : 'PASS') : 'UNSTABLE';
  return {
    verdict,
    median,
    value: maxMs.length === 1 ? `${median} ms` : `${median} ms (${sorted[0]}–${sorted.at(-1)})`,
  };
}
