// Where the long tasks of the overview go, on the 1,000-room building at 4x CPU: a Chrome trace
// of the overview's cold load, a sort and the navigations to a room and back, and for every task
// over 50 ms its split into style, layout, paint, garbage collection and JavaScript (the
// functions with the most self time, from the trace's CPU profile). A diagnosis tool beside
// overview-long-tasks.mjs (which gives the verdicts); names are readable with an unminified
// build (`npx vite build --minify false` in apps/web).
//
// Run: `node scripts/bench/trace-overview.mjs [first|sort|type|untype|room|back|roomcold ...]`
// (needs `npm run build`; TRACE_DIR=folder keeps the traces, WEB_DIST=folder another build).
import { chromium } from '@playwright/test';
import { backfillDone, benchLogin, startAppServer, storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { LONG_TASK_MS, SLOWDOWN, settle, slowPage } from './long-tasks.mjs';

const steps = process.argv.slice(2).filter((arg) => !arg.endsWith('.json'));
const wanted = new Set(
  steps.length ? steps : ['first', 'sort', 'type', 'untype', 'room', 'back', 'roomcold'],
);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'v8',
  // JS stacks of forced layouts and timers: names who forced a layout, but costs time itself.
  ...(process.env.TRACE_STACKS ? ['disabled-by-default-devtools.timeline.stack'] : []),
];
// Trace events whose time is not JavaScript, by what a reader calls them.
const PHASES = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  ParseHTML: 'html',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
};

function analyse(events, label) {
  // The page's renderer: of the renderer main threads (there may be a spare one), the busiest.
  const busy = (t) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => busy(b) - busy(a))[0];
  if (!main) return console.log(`${label}: no renderer main thread in the trace`);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.dur / 1000 > LONG_TASK_MS,
  );
  // The CPU profile: samples with their time stamps (trace clock, µs).
  const nodes = new Map();
  const samples = [];
  let time = 0;
  for (const e of events) {
    if (e.pid !== main.pid) continue;
    if (e.name === 'Profile') time = e.args.data.startTime;
    if (e.name !== 'ProfileChunk') continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push({ id, time });
    });
  }
  const nameOf = (node) => {
    const frame = node?.callFrame ?? {};
    const file = (frame.url ?? '').split('/').pop();
    return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
  };
  console.log(`\n== ${label}: ${tasks.length} task(s) over ${LONG_TASK_MS} ms`);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = onMain.filter(
      (e) => e.ts >= task.ts && e.ts < end && e.ph === 'X' && e !== task,
    );
    const phases = {};
    for (const e of inside) {
      const phase = PHASES[e.name];
      if (phase) phases[phase] = (phases[phase] ?? 0) + e.dur / 1000;
    }
    const top = inside
      .filter((e) =>
        [
          'FunctionCall',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'RunMicrotasks',
          'v8.run',
          'EvaluateScript',
        ].includes(e.name),
      )
      .slice(0, 3)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.functionName ? `(${e.args.data.functionName})` : ''}${e.args?.data?.type ? `(${e.args.data.type})` : ''}`,
      );
    const self = new Map();
    const inclusive = new Map();
    let sampled = 0;
    for (const sample of samples) {
      if (sample.time < task.ts || sample.time >= end) continue;
      sampled++;
      const node = nodes.get(sample.id);
      const name = nameOf(node);
      self.set(name, (self.get(name) ?? 0) + 1);
      const seen = new Set();
      for (let n = node; n; n = nodes.get(n.parent)) {
        const fn = n.callFrame?.functionName;
        if (fn && !seen.has(fn)) {
          seen.add(fn);
          inclusive.set(fn, (inclusive.get(fn) ?? 0) + 1);
        }
      }
    }
    const ms = (count) => ((count / Math.max(1, sampled)) * task.dur) / 1000;
    console.log(
      `-- ${Math.round(task.dur / 1000)} ms at ${Math.round(task.ts / 1000)}: ${Object.entries(
        phases,
      )
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')}; starts with ${top.join(' > ') || '?'}`,
    );
    const list = (map, n) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, count]) => `   ${ms(count).toFixed(1).padStart(6)} ms  ${name}`)
        .join('\n');
    console.log(` self:\n${list(self, 14)}`);
    console.log(` inclusive (by function name):\n${list(inclusive, 30)}`);
  }
}

// A trace saved before (TRACE_DIR) can be read again: `node … trace-overview.mjs file.json`.
const saved = process.argv.slice(2).filter((arg) => arg.endsWith('.json'));
if (saved.length) {
  const { readFileSync } = await import('node:fs');
  for (const file of saved) analyse(JSON.parse(readFileSync(file, 'utf8')).traceEvents, file);
  process.exit(0);
}
const server = await startAppServer({
  building: 'big',
  env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {},
});
await backfillDone(server.origin, benchLogin);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const { page } = await slowPage(browser, {
    viewport: { width: 1280, height: 900 },
    locale: 'de-DE',
    auth: storedAuth(benchLogin.username, benchLogin.password),
    slowdown: SLOWDOWN,
  });
  const table = page.getByRole('table');
  const traced = async (label, action) => {
    if (!wanted.has(label)) return action();
    await browser.startTracing(page, { categories: CATEGORIES });
    await action();
    await settle(page, 800, 10_000);
    const buffer = await browser.stopTracing();
    if (process.env.TRACE_DIR)
      (await import('node:fs')).writeFileSync(`${process.env.TRACE_DIR}/${label}.json`, buffer);
    analyse(JSON.parse(buffer.toString()).traceEvents, label);
  };
  await traced('first', async () => {
    await page.goto(`${server.appUrl}`);
    await table.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 60_000 });
  });
  await settle(page, 800, 10_000);
  await traced('sort', async () => {
    await table.getByRole('columnheader', { name: 'Abweichung' }).getByRole('button').click();
    await page.waitForSelector('th[aria-sort="ascending"]');
  });
  await settle(page, 800, 10_000);
  await page.locator('main input[type="search"]').first().click();
  await settle(page, 800, 10_000);
  await traced('type', async () => {
    await page.keyboard.press('3');
    await page.waitForFunction(
      () => globalThis.document.querySelector('table')?.getAttribute('aria-rowcount') !== '1001',
    );
  });
  await settle(page, 800, 10_000);
  await traced('untype', async () => {
    await page.keyboard.press('Backspace');
    await page.waitForFunction(
      () => globalThis.document.querySelector('table')?.getAttribute('aria-rowcount') === '1001',
    );
  });
  await settle(page, 800, 10_000);
  await traced('room', async () => {
    await table.locator('tbody tr[aria-rowindex] a').first().click();
    await page.getByRole('slider').first().waitFor({ timeout: 30_000 });
  });
  await settle(page, 800, 10_000);
  await traced('back', async () => {
    await page
      .getByRole('navigation', { name: 'Brotkrümelnavigation' })
      .getByRole('link', { name: 'Startseite' })
      .first()
      .click();
    await table.locator('tbody tr[aria-rowindex]').first().waitFor({ timeout: 30_000 });
  });
  // The room page opened from scratch (a bookmark), as overview-long-tasks.mjs measures it.
  if (wanted.has('roomcold')) {
    await page.goto('about:blank');
    await traced('roomcold', async () => {
      await page.goto(`${server.appUrl}room-control/smart/room/1000`);
      await page.locator('[role="slider"]:visible').first().waitFor({ timeout: 60_000 });
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
