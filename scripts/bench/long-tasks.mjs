// What the browser benches share about long tasks (overview-long-tasks.mjs, chart-long-tasks.mjs).

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
