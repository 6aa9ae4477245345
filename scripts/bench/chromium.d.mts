/** The Chromium binary: CHROMIUM_PATH, else CHROME_PATH, else /usr/bin/chromium. */
export declare const chromiumPath: string;
/** Command-line flags for every launch (Playwright and Lighthouse alike). */
export declare const chromiumFlags: readonly string[];
