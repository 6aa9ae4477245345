// Long tasks on the 1,000-room building at 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate),
// as a facility manager's slow laptop would feel them: the overview's first render, a sort (a
// click on a column header's button), selecting a room and a whole floor, keystrokes in its
// search field; the room page's first
// render and the navigations between the two. Budgets (issue 30): an interaction's longest task
// (sort, search, select, open a room, back) ≤ INTERACTION_MS, a page's first render's ≤
// FIRST_RENDER_MS; a task over 50 ms is still counted in the detail.
//
// What each step counts: the long tasks from the moment the step starts (navigation, click, key)
// until its result is on screen and the page has been quiet for a moment (QUIET_MS). A
// PerformanceObserver({type: 'longtask'}) installed before the app starts collects them.
//
// "First render" of a page opened from scratch starts when the app's code has run and its data
// is there, not at navigation start: evaluating the entry bundle (react-dom, the router, …) is the
// same for every page and is Lighthouse's TBT (scripts/bench/lighthouse-audit.mjs), not the
// overview's. It is reported as INFO beside it (longest task of the whole cold load).
//
// Run alone: `node scripts/bench/overview-long-tasks.mjs` (needs `npm run build`).
import { chromium } from '@playwright/test';
import { backfillDone, benchLogin, startAppServer, storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import {
  browserRuns,
  LONG_TASK_MS,
  runsVerdict,
  SLOWDOWN,
  settle as settleLongTasks,
  slowPage,
} from './long-tasks.mjs';

const QUIET_MS = 600;
export { LONG_TASK_MS };
/** Budget of an interaction's longest task on the 1,000-room building at 4x CPU. */
export const INTERACTION_MS = 100;
/** Budget of a page's first render's longest task there. */
export const FIRST_RENDER_MS = 200;
/** German labels of the views (the demo and bench users read German). */
const labels = {
  sortColumn: 'Abweichung',
  homeLink: 'Startseite',
  breadcrumb: 'Brotkrümelnavigation',
};

const tasksSince = (page, from) =>
  page.evaluate(
    (since) => globalThis.__longTasks.filter((task) => task.start + task.duration >= since),
    from,
  );

const now = (page) => page.evaluate(() => globalThis.performance.now());

const summary = (tasks) => ({
  over50: tasks.filter((task) => task.duration > LONG_TASK_MS).length,
  maxMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
});

/** Waits until the page has been quiet for `quietMs` (10 s at most). */
const settle = (page, quietMs = QUIET_MS) => settleLongTasks(page, quietMs, 10_000);

const newPage = (browser, viewport) =>
  slowPage(browser, {
    viewport,
    locale: 'de-DE',
    auth: storedAuth(benchLogin.username, benchLogin.password),
    slowdown: SLOWDOWN,
    moduleScripts: true,
  });

/**
 * A page opened from scratch. Its first render starts when both its data and the app's code are
 * there: after the last API answer (Resource Timing) and after the evaluation of the entry bundle
 * (the module script `assets/index-*.js`, as Long Animation Frames attribute it; without that
 * API, the first long task right after the entry's download). The long tasks that start after
 * the evaluation and end after the data came count, until the view is shown and quiet; the task
 * that evaluated the entry does not (it is the same for every page, Lighthouse's TBT). The whole
 * load is returned too, every long task listed.
 */
async function coldLoad(page, url, shown) {
  await page.goto(url);
  const what = await shown();
  await settle(page);
  const { dataEnd, codeEnd } = await page.evaluate(() => {
    const isEntry = (name) => /\/assets\/index-[^/]+\.js$/.test(name);
    const resources = globalThis.performance.getEntriesByType('resource');
    const data = Math.max(
      0,
      ...resources.filter((r) => r.name.includes('/api/')).map((r) => r.responseEnd),
    );
    const evaluated = globalThis.__moduleScripts.find((script) => isEntry(script.url));
    if (evaluated) return { dataEnd: data, codeEnd: evaluated.end };
    const entryEnd = resources.find((r) => isEntry(r.name))?.responseEnd ?? 0;
    const evaluation = globalThis.__longTasks.find(
      (task) => task.start >= entryEnd - 1 && task.start < entryEnd + 100,
    );
    return {
      dataEnd: data,
      codeEnd: evaluation ? evaluation.start + evaluation.duration : entryEnd,
    };
  });
  const all = await tasksSince(page, 0);
  const render = all.filter(
    (task) => task.start >= codeEnd - 1 && task.start + task.duration > dataEnd,
  );
  const list = all.map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.start)}`);
  return {
    what,
    startMs: Math.round(Math.max(dataEnd, codeEnd)),
    render: summary(render),
    whole: summary(all),
    list: list.join(', ') || 'none',
  };
}

/**
 * A click as a person makes it: the target's place is found before the step starts, and the
 * step sends only the mouse events. Playwright's locator click runs its own code in the page
 * (role and accessible-name queries over the whole DOM, hit-target checks); at 4x CPU that is a
 * long task of 100–130 ms of its own (a trace of the sort showed `_queryEngineAll` and
 * `getElementAccessibleNameText`), which the step would count as the app's. For the same
 * reason the steps wait with CSS selectors, never with role locators.
 */
async function clickAt(page, locator) {
  for (let attempt = 1; ; attempt++) {
    try {
      await locator.scrollIntoViewIfNeeded({ timeout: 10_000 });
      await settle(page);
      // The first line box: the middle of a link that wraps onto two lines may be between them.
      const box = await locator.evaluate((element) => {
        const rect = element.getClientRects()[0];
        return rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      });
      if (!box) throw new Error(`nothing to click: ${locator}`);
      return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    } catch (error) {
      // A row drawn again between finding and measuring it (the list re-renders once more after
      // a filter is cleared): find it again.
      if (attempt >= 3) throw error;
      await page.waitForTimeout(300);
    }
  }
}

/**
 * Waits until the search is applied: the table's row count is `all` again (`cleared`), or no
 * longer `all` (a filter).
 */
const filtered = (page, all, cleared) =>
  page.waitForFunction(
    ([count, back]) => {
      const rows = globalThis.document.querySelector('table')?.getAttribute('aria-rowcount');
      return back ? rows === count : rows !== count;
    },
    [all, cleared],
    { timeout: 30_000 },
  );

async function step(page, action, shown) {
  await settle(page);
  const from = await now(page);
  await action();
  const what = await shown();
  await settle(page);
  return { what, ...summary(await tasksSince(page, from)) };
}

/**
 * @param {string} appUrl the app's root (…/re/home/) on a server with the 1,000-room building
 * @returns {Promise<{label: string, detail: string, over50: number, maxMs: number, limit?: number, info?: boolean}[]>}
 */
export async function measureBigBuilding(appUrl) {
  const results = [];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    // The overview, on a desktop (the table; a phone shows cards).
    {
      const { context, page } = await newPage(browser, { width: 1280, height: 900 });
      const table = page.locator('table');
      const cold = await coldLoad(page, appUrl, async () => {
        await table.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
        return `${await table.getAttribute('aria-rowcount')} rows in aria-rowcount, ${await table.locator('tbody tr[aria-rowindex]').count()} in the DOM`;
      });
      results.push({
        label: 'overview, first render (from its data and code to the table)',
        detail: `${cold.what}; from ${cold.startMs} ms`,
        limit: FIRST_RENDER_MS,
        ...cold.render,
      });
      results.push({
        label: 'overview, whole cold load incl. the entry bundle (Lighthouse TBT covers it)',
        detail: `long tasks: ${cold.list}`,
        ...cold.whole,
        info: true,
      });

      const header = table.locator('th[aria-sort]', { hasText: labels.sortColumn });
      const sorted = await step(page, await clickAt(page, header.locator('button')), async () => {
        await page.waitForFunction(
          (name) =>
            [...globalThis.document.querySelectorAll('th[aria-sort]')].some(
              (th) => th.textContent?.includes(name) && th.getAttribute('aria-sort') !== 'none',
            ),
          labels.sortColumn,
        );
        return `aria-sort ${await header.getAttribute('aria-sort')}`;
      });
      results.push({
        label: `overview, sort by ${labels.sortColumn}`,
        detail: sorted.what,
        limit: INTERACTION_MS,
        ...sorted,
      });

      // Select a room for a group action (the first row's checkbox), then clear it unmeasured.
      const checkbox = table.locator('tbody tr[aria-rowindex] input[type="checkbox"]').first();
      const selected = await step(page, await clickAt(page, checkbox), async () => {
        await page.waitForFunction(
          () => globalThis.document.querySelector('tbody tr[aria-selected="true"]') !== null,
        );
        return 'first row aria-selected';
      });
      results.push({
        label: 'overview, select a room (its row checkbox)',
        detail: selected.what,
        limit: INTERACTION_MS,
        ...selected,
      });
      await (
        await clickAt(page, checkbox)
      )();
      await page.waitForFunction(
        () => globalThis.document.querySelector('tbody tr[aria-selected="true"]') === null,
      );

      // Select a whole floor (issue 32: "Ganze Geschosse auswählen", the first floor's toggle:
      // 50 rooms at once), then clear it unmeasured.
      const floorToggle = page.locator('main [role="group"] button[aria-pressed]').first();
      const floorSelected = await step(page, await clickAt(page, floorToggle), async () => {
        // Until the group toolbar says it too (the rows are sorted by now: the floor's may be
        // below the screen).
        await page.waitForFunction(
          () =>
            globalThis.document
              .querySelector('main [role="group"] button[aria-pressed]')
              ?.getAttribute('aria-pressed') === 'true' &&
            /\b50\b/.test(globalThis.document.querySelector('[role="toolbar"]')?.textContent ?? ''),
        );
        return `toolbar: ${await page.locator('[role="toolbar"] span').first().textContent()}`;
      });
      results.push({
        label: 'overview, select a whole floor (its toggle)',
        detail: floorSelected.what,
        limit: INTERACTION_MS,
        ...floorSelected,
      });
      await (
        await clickAt(page, floorToggle)
      )();
      await page.waitForFunction(
        () => globalThis.document.querySelector('[role="toolbar"]') === null,
      );

      // The overview's one search field (labelled by its <label>; a CSS selector, see clickAt).
      const search = page.locator('main input[type="search"]').first();
      await search.click();
      // Four keystrokes a person types ("3.1" then "2"), each measured on its own; the worst counts.
      // The field filters once typing pauses (150 ms): the last key's step lasts until the rows
      // are filtered, so the filtering is measured too.
      const keys = [];
      let typed = '';
      const allRows = await table.getAttribute('aria-rowcount');
      for (const key of ['3', '.', '1', '2']) {
        typed += key;
        const expected = typed;
        const last = typed.length === 4;
        keys.push(
          await step(
            page,
            () => page.keyboard.press(key),
            async () => {
              // The field the steps type into (search above), read with a CSS selector.
              await page.waitForFunction(
                (value) =>
                  globalThis.document.querySelector('main input[type="search"]')?.value === value,
                expected,
              );
              if (last) await filtered(page, allRows, false);
              return `"${expected}"`;
            },
          ),
        );
      }
      const rowsAfter = await table.getAttribute('aria-rowcount');
      results.push({
        label:
          'overview, keystrokes in the search field (worst of 4; the last until the rows are filtered)',
        detail: `typed "${typed}": ${keys.map((k) => `${k.maxMs} ms`).join(' / ')}; aria-rowcount ${rowsAfter}`,
        limit: INTERACTION_MS,
        over50: keys.reduce((sum, k) => sum + k.over50, 0),
        maxMs: Math.max(...keys.map((k) => k.maxMs)),
      });

      // Navigation: from the overview into a room (a row's link), and back by the main menu.
      await search.fill('');
      await filtered(page, allRows, true);
      await settle(page);
      const firstRoom = table.locator('tbody tr[aria-rowindex] a').first();
      const roomName = (await firstRoom.textContent())?.trim() ?? '';
      const intoRoom = await step(page, await clickAt(page, firstRoom), async () => {
        await page.locator('[role="slider"]:visible').first().waitFor({ timeout: 30_000 });
        return `room page of "${roomName}" with its dial`;
      });
      results.push({
        label: 'navigation overview → room page',
        detail: intoRoom.what,
        limit: INTERACTION_MS,
        ...intoRoom,
      });

      const back = await step(
        page,
        await clickAt(
          page,
          page
            .locator(`nav[aria-label="${labels.breadcrumb}"] a[aria-label="${labels.homeLink}"]`)
            .first(),
        ),
        async () => {
          await table.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 30_000 });
          return 'overview table again';
        },
      );
      results.push({
        label: 'navigation room page → overview (breadcrumb)',
        detail: back.what,
        limit: INTERACTION_MS,
        ...back,
      });
      await context.close();
    }

    // The room page opened from scratch (a bookmark), on a phone-sized screen like the dial bench.
    {
      const { context, page } = await newPage(browser, { width: 412, height: 823 });
      const cold = await coldLoad(page, `${appUrl}room-control/smart/room/1000`, async () => {
        const slider = page.locator('[role="slider"]:visible').first();
        await slider.waitFor({ timeout: 60_000 });
        return `dial "${await slider.getAttribute('aria-label')}"`;
      });
      results.push({
        label: 'room page (room 1000), first render (from its data and code to the dial)',
        detail: `${cold.what}; from ${cold.startMs} ms`,
        limit: FIRST_RENDER_MS,
        ...cold.render,
      });
      results.push({
        label: 'room page, whole cold load incl. the entry bundle (Lighthouse TBT covers it)',
        detail: `long tasks: ${cold.list}`,
        ...cold.whole,
        info: true,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * Every step `runs` times (a fresh browser each), so one noisy run cannot decide: the verdict is
 * on the median run's longest task; when the runs' longest tasks lie on both sides of the step's
 * limit the figure is UNSTABLE (and fails), as the server figures are (scripts/bench/run.mjs).
 * @returns {Promise<{label: string, detail: string, maxMs: number[], over50: number[], limit?: number,
 *   verdict: 'PASS' | 'FAIL' | 'UNSTABLE' | 'INFO', value: string}[]>}
 */
export async function measureBigBuildingRuns(appUrl, runs) {
  const all = [];
  for (let run = 0; run < runs; run += 1) all.push(await measureBigBuilding(appUrl));
  return all[0].map((first, index) => {
    const maxMs = all.map((results) => results[index].maxMs);
    const over50 = all.map((results) => results[index].over50);
    const { verdict, value } = runsVerdict(maxMs, first.limit);
    return {
      label: first.label,
      limit: first.limit,
      detail:
        runs === 1
          ? first.detail
          : `${all.at(-1)[index].detail}; longest task per run ${maxMs.join(' / ')} ms`,
      maxMs,
      over50,
      verdict: first.info ? 'INFO' : verdict,
      value,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = browserRuns();
  const app = await startAppServer({ building: 'big' });
  try {
    await backfillDone(app.origin, benchLogin);
    for (const r of await measureBigBuildingRuns(app.appUrl, runs)) {
      console.log(`${r.verdict.padEnd(8)} ${r.label} (${r.detail}): ${r.value}`);
    }
  } finally {
    await app.stop();
  }
}
