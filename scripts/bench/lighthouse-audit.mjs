// Lighthouse 12 (mobile defaults: simulated slow 4G and 4x CPU) against Debian's Chromium.
// The room page needs a signed-in state: Lighthouse is run programmatically on a Puppeteer page
// of the same browser, whose local storage was filled on the app's origin first, with storage
// reset turned off so the audit's own navigation keeps it. Extra headers cannot help here: the
// app signs in from local storage, not from a cookie or header.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { AUTH_STORAGE_KEY, chromiumFlags, chromiumPath, storedAuth } from './app-server.mjs';

/** @returns {Promise<{performance: number, accessibility: number, failing: string[]}>} */
export async function audit(url, { signedIn, origin }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (signedIn) {
      await page.goto(`${origin}/re/home/auth/login`);
      await page.evaluate(
        (key, value) => globalThis.localStorage.setItem(key, value),
        AUTH_STORAGE_KEY,
        storedAuth(),
      );
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: signedIn,
      },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map((a) => a.id);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
    return {
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
      performance: score('performance'),
      accessibility: score('accessibility'),
      failing,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    chrome.kill();
  }
}
