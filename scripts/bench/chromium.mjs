// The one place that says which Chromium the browser tests and the bench launch, and how:
// Debian's Chromium (no browser downloads are possible on these machines), headless, without
// the background traffic (updates, sync, QUIC) that would add noise to the measurements.
// Imported by e2e/playwright.config.ts and by every bench script (types in chromium.d.mts).

export const chromiumPath =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
