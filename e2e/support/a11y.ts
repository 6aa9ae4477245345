import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// One axe scan of a page takes 1 s on an idle machine and several on a busy CI runner.
const SCAN_BUDGET_MS = 30_000;

/**
 * Runs axe (WCAG 2.1 A/AA) on the page once its colour transitions have ended (axe must measure
 * the theme's colours, not a frame of a 300 ms fade); fails listing each violation. Each scan
 * extends the test's timeout by its own budget, so a test with two scans is not squeezed.
 */
export async function expectNoA11yViolations(page: Page, context = '') {
  test.info().setTimeout(test.info().timeout + SCAN_BUDGET_MS);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, `accessibility violations ${context}`).toEqual([]);
}
