// Long tasks while a person drags the room dial for 3 s on a slow phone: CPU slowed 4x over
// CDP, a PerformanceObserver for 'longtask' installed before the app starts, the handle dragged
// along the dial's arc with the mouse. A frame over 50 ms is a visible stutter.
import { chromium } from '@playwright/test';
import { storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { SLOWDOWN, slowPage } from './long-tasks.mjs';

const DRAG_MS = 3000;

/** Where to grab the dial: its handle if one can be told apart, else the slider itself. */
async function handleOf(slider) {
  const box = await slider.boundingBox();
  if (!box) return null;
  if (box.width <= 64 && box.height <= 64) return { box, handle: box };
  const candidates = slider.locator(
    '[data-handle], [data-part="handle"], [class*="handle" i], circle, [role="presentation"]',
  );
  let best = null;
  for (const candidate of await candidates.all()) {
    const b = await candidate.boundingBox();
    if (!b || b.width < 4 || b.width > box.width / 3) continue;
    if (!best || b.width * b.height < best.width * best.height) best = b;
  }
  return { box, handle: best ?? box };
}

/**
 * @returns {Promise<{status: 'measured', longTasks: number, maxMs: number, moves: number,
 *   valueBefore: string | null, valueAfter: string | null} | {status: 'no-slider', detail: string}>}
 */
export async function measureDialDrag(roomUrl) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    // Loaded at full speed; the drag alone is slowed down (below).
    const { page, cdp } = await slowPage(browser, {
      viewport: { width: 412, height: 823 },
      auth: storedAuth(),
      slowdown: 1,
    });
    await page.goto(roomUrl, { waitUntil: 'networkidle' });
    const slider = page.getByRole('slider').first();
    try {
      await slider.waitFor({ state: 'visible', timeout: 10_000 });
    } catch {
      const heading = await page
        .locator('h1')
        .first()
        .textContent()
        .catch(() => null);
      return {
        status: 'no-slider',
        detail: `no element with role="slider" on ${new URL(page.url()).pathname} (h1: ${heading ?? 'none'})`,
      };
    }
    const found = await handleOf(slider);
    if (!found) return { status: 'no-slider', detail: 'the slider has no box (hidden?)' };
    const { box, handle } = found;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });

    const valueBefore = await slider.getAttribute('aria-valuenow');
    const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    const radius = Math.hypot(start.x - center.x, start.y - center.y);
    const angle0 = Math.atan2(start.y - center.y, start.x - center.x);
    const since = await page.evaluate(() => globalThis.performance.now());
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    // Sweep the handle back and forth along its arc (±60°), one move per frame, for 3 s.
    const began = Date.now();
    let moves = 0;
    while (Date.now() - began < DRAG_MS) {
      const t = (Date.now() - began) / DRAG_MS;
      const angle = angle0 + (Math.PI / 3) * Math.sin(t * 2 * Math.PI);
      const point =
        radius > 8
          ? { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) }
          : { x: start.x + 80 * Math.sin(t * 2 * Math.PI), y: start.y };
      await page.mouse.move(point.x, point.y);
      moves += 1;
      await page.waitForTimeout(16);
    }
    const valueDuring = await slider.getAttribute('aria-valuenow');
    await page.mouse.up();
    await page.waitForTimeout(500);
    const tasks = await page.evaluate(
      (from) => globalThis.__longTasks.filter((task) => task.start + task.duration >= from),
      since,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      status: 'measured',
      longTasks: tasks.filter((task) => task.duration > 50).length,
      maxMs: Math.max(0, ...tasks.map((task) => task.duration)),
      moves,
      valueBefore,
      valueAfter: valueDuring,
    };
  } finally {
    await browser.close();
  }
}
