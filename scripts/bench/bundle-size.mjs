// JS and CSS a first view ships: the page is loaded in Chromium against the real server and
// every script and stylesheet it requests is summed at its gzip size (level 9, as a static
// pre-compressor would serve it), read from the built files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { AUTH_STORAGE_KEY, repoRoot, storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

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
    // Lazy chunks the view pulled in after its first paint count too, including the other
    // screens' code prefetched once signed in, one route per task.
    await quiet(page, inFlight, 2000);
    let js = 0;
    let css = 0;
    for (const [assetUrl, type] of assets) {
      const size = gzipSizeOf(assetUrl);
      if (type === 'script') js += size;
      else css += size;
    }
    return {
      jsKb: js / 1024,
      cssKb: css / 1024,
      files: assets.size,
      shown,
      pathname: new URL(page.url()).pathname,
    };
  } finally {
    await browser.close();
  }
}
