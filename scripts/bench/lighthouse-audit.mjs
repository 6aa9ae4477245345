// Lighthouse 12 (mobile defaults: simulated slow 4G and 4x CPU) against Debian's Chromium.
// The room page needs a signed-in state: Lighthouse is run programmatically on a Puppeteer page
// of the same browser, whose local storage was filled on the app's origin first, with storage
// reset turned off so the audit's own navigation keeps it. Extra headers cannot help here: the
// app signs in from local storage, not from a cookie or header.
//
// One Lighthouse run varies by several points from the next on a shared machine, so a page is
// audited three times in fresh browsers and the median run counts (Lighthouse's own advice on
// variance). A run that ends in a Lighthouse runtime error (e.g. NO_NAVSTART, "Something went
// wrong with recording the trace … run Lighthouse again") is run again, up to twice, and the
// row says so. The configuration stays Lighthouse's mobile defaults; no audit is left out.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { AUTH_STORAGE_KEY, storedAuth } from './app-server.mjs';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

/** Runs per page (median taken); BENCH_LIGHTHOUSE_RUNS, 1 in BENCH_QUICK mode (read per call). */
const runsPerPage = () =>
  Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (process.env.BENCH_QUICK ? 1 : 3));
const RETRIES = 2;

/** An error Lighthouse itself reports (lhr.runtimeError), as opposed to a broken page or script. */
class LighthouseRuntimeError extends Error {
  constructor(runtimeError) {
    super(`Lighthouse: ${runtimeError.message}`);
    this.code = runtimeError.code;
  }
}

/**
 * @returns {Promise<{performance: number, lcpMs: number, accessibility: number, benchmarkIndex: number, failing: string[],
 *   metrics: string, finalUrl: string}>}
 */
async function auditOnce(url, { signedIn, origin }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumFlags],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (signedIn) {
      // A page of the app's origin that loads none of its code: local storage can be written,
      // and the audit still starts with an empty cache, as the login audit does.
      await page.goto(`${origin}/re/home/favicon.svg`);
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
    if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map((a) => a.id);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
    return {
      lcpElement: describeLcp(lhr.audits['largest-contentful-paint-element']?.details),
      metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
      performance: score('performance'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      accessibility: score('accessibility'),
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
      failing,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The LCP element and where its time went, from Lighthouse's largest-contentful-paint-element
 * audit (a list: the element's table, then the phases' table): "h1 'Wohnzimmer' (TTFB 612 ms,
 * load delay 0 ms, load time 0 ms, render delay 1,310 ms)". Says which part of the page to look
 * at when the room page's LCP moves between runs.
 */
function describeLcp(details) {
  const [elementTable, phaseTable] = details?.items ?? [];
  const node = elementTable?.items?.[0]?.node;
  if (!node) return 'no LCP element reported';
  const label = `${node.selector?.split(' > ').at(-1) ?? '?'} '${String(node.nodeLabel ?? '').slice(0, 40)}'`;
  const phases = (phaseTable?.items ?? [])
    .map(
      (item) =>
        `${String(item.phase).toLowerCase()} ${Math.round(item.timing).toLocaleString('en')} ms`,
    )
    .join(', ');
  return phases ? `${label} (${phases})` : label;
}

/**
 * Audits `url` runsPerPage() times; a run ending in a Lighthouse runtime error is repeated (up to RETRIES
 * times). Returns every run and the median one by performance score.
 */
export async function audit(url, options) {
  const runs = [];
  const retried = [];
  for (let i = 0, count = runsPerPage(); i < count; i += 1) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        runs.push(await auditOnce(url, options));
        break;
      } catch (error) {
        if (!(error instanceof LighthouseRuntimeError) || attempt >= RETRIES) throw error;
        retried.push(error.code ?? error.message);
      }
    }
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { ...median, runs, retried };
}
