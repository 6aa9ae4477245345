import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';

/**
 * `GET /api/docs/` (issue 35): the API description as a page, under its own strict
 * Content-Security-Policy (scripts from the server only, no eval), in light and dark.
 * SCREENSHOTS=<folder> saves both for a person to look at.
 */

/** Console errors and CSP violations of the page, from before its first script runs. */
async function watchViolations(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the API page renders every operation in ${scheme}, with no CSP violation`, async ({
    page,
    server,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const problems = await watchViolations(page);
    await page.goto(`${server.origin}/api/docs/`);

    await expect(page.getByRole('heading', { name: /Raumregler API/ })).toBeVisible();
    // Operations of the device API and of ours, with their paths as the description writes them.
    await expect(page.getByText('/get/json/v1/{houseId}/temps/', { exact: true })).toBeVisible();
    await expect(
      page.getByText('/set/json/v1/{houseId}/ziel/{roomId}/', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('/api/members/{username}/', { exact: true }).first()).toBeVisible();
    const description = (await (
      await page.request.get(`${server.origin}/api/openapi.json`)
    ).json()) as {
      paths: Record<string, object>;
    };
    const operations = Object.values(description.paths).reduce(
      (count, methods) => count + Object.keys(methods).length,
      0,
    );
    await expect(page.locator('.opblock')).toHaveCount(operations);

    // One write opened: its form body (multipart or urlencoded) with the fields, user and password.
    await page.getByText('/set/json/v1/{houseId}/ziel/{roomId}/', { exact: true }).click();
    const body = page.locator('.opblock-section-request-body');
    await expect(body).toBeVisible();
    await expect(body.getByRole('combobox')).toHaveValue('multipart/form-data');
    for (const field of ['ziel', 'duration', 'until', 'user', 'password']) {
      await expect(body.getByRole('cell', { name: new RegExp(`^${field}\\b`) })).toBeVisible();
    }

    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    const dark = await page.evaluate(() =>
      document.documentElement.classList.contains('dark-mode'),
    );
    expect(dark).toBe(scheme === 'dark');
    if (scheme === 'dark') expect(background).not.toBe('rgba(0, 0, 0, 0)');

    if (process.env.SCREENSHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${process.env.SCREENSHOTS}/api-docs-${scheme}.png`,
        fullPage: false,
      });
    }
    expect(problems).toEqual([]);
    await expectNoA11yViolations(page, `(API page, ${scheme})`);
    expect(problems).toEqual([]);
  });
}
