// JS and CSS a first view ships: the page is loaded in Chromium against the real server and
// every script and stylesheet it requests is summed at its gzip size (level 9, as a static
// pre-compressor would serve it), read from the built files.
//
// The first view is what the page loads until it is complete and interactive: every script
// requested before the app starts its route prefetch, which it does only once the view is shown
// and nothing has loaded for a moment (app/root-layout.tsx marks that instant with the User
// Timing mark `raumregler:prefetch`). What is requested after the mark is the prefetch of the
// other screens (decision 10), reported beside it, for information. Without the mark
// (a page signed out, or an app that never prefetches) everything counts as first view.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { AUTH_STORAGE_KEY, repoRoot, storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

/** Same name as PREFETCH_MARK in apps/web/src/app/prefetch-routes.ts. */
export const PREFETCH_MARK = 'raumregler:prefetch';

// WEB_DIST measures another build (the server serves the same folder, see app-server.mjs).
const webDist = path.resolve(process.env.WEB_DIST || path.join(repoRoot, 'apps/web/dist'));

function gzipSizeOf(url) {
  const pathname = new URL(url).pathname.replace(/^\/re\/home\//, '');
  const file = path.join(webDist, pathname);
  if (!file.startsWith(webDist)) throw new Error(`asset outside the build: ${url}`);
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Waits until no request has been in flight for `quietMs` (at most 15 s). */
async function quiet(page, inFlight, quietMs) {
  const until = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/**
 * @param {string} url page to open
 * @param {{signedIn: boolean, ready: (page: import('@playwright/test').Page) => Promise<string>}} options
 *   ready waits for the view and says what it showed (for the report)
 */
export async function measureFirstView(url, { signedIn, ready }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext();
    if (signedIn) {
      await context.addInitScript(
        ([key, value]) => globalThis.localStorage.setItem(key, value),
        [AUTH_STORAGE_KEY, storedAuth()],
      );
    }
    const page = await context.newPage();
    const assets = new Map();
    const inFlight = new Set();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type === 'script' || type === 'stylesheet') && response.ok()) {
        assets.set(response.url(), type);
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const shown = await ready(page);
    // Lazy chunks the view pulled in after its first paint count too; then the prefetch runs
    // to its end (idle moments), so its size can be told.
    await quiet(page, inFlight, 2000);
    const { mark, started } = await page.evaluate((name) => {
      const entry = globalThis.performance.getEntriesByName(name, 'mark')[0];
      const starts = {};
      for (const r of globalThis.performance.getEntriesByType('resource')) {
        starts[r.name] ??= r.startTime;
      }
      return { mark: entry ? entry.startTime : null, started: starts };
    }, PREFETCH_MARK);
    const first = { js: 0, css: 0, files: 0, names: [] };
    const prefetch = { js: 0, css: 0, files: 0, names: [] };
    for (const [assetUrl, type] of assets) {
      const size = gzipSizeOf(assetUrl);
      const start = started[assetUrl];
      // No timing entry (should not happen): counted as first view, never hidden.
      const part = mark !== null && start !== undefined && start >= mark ? prefetch : first;
      part.files += 1;
      part.names.push(`${new URL(assetUrl).pathname.split('/').pop()} ${size}`);
      if (type === 'script') part.js += size;
      else part.css += size;
    }
    return {
      jsKb: first.js / 1024,
      cssKb: first.css / 1024,
      files: first.files,
      /** file and gzip bytes, for a look at what a view loads */
      names: first.names,
      prefetch: {
        names: prefetch.names,
        marked: mark !== null,
        jsKb: prefetch.js / 1024,
        cssKb: prefetch.css / 1024,
        files: prefetch.files,
        atMs: mark === null ? null : Math.round(mark),
      },
      shown,
      pathname: new URL(page.url()).pathname,
    };
  } finally {
    await browser.close();
  }
}
