import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { dial, signInAndOpen } from '../support/rooms';

for (const width of [390, 1280]) {
  test(`the room page at ${width} px: headings in order, a clean breadcrumb, the hint under the dial`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAndOpen(page, 'room-control/smart/room/1');
    const slider = dial(page, 'Wohnzimmer');
    await expect(slider).toBeVisible();

    // Lighthouse's heading-order audit: no level is skipped below the room's h1.
    const order = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(order.violations.map((violation) => violation.id)).toEqual([]);

    // Every separator that shows has a crumb after it: no bare chevrons on a phone.
    const breadcrumb = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    const shown = await breadcrumb
      .locator('li')
      .evaluateAll((items) =>
        items
          .filter((item) => (item as HTMLElement).offsetParent !== null)
          .map((item) => (item.getAttribute('aria-hidden') === 'true' ? '>' : 'crumb')),
      );
    expect(shown.at(-1)).toBe('crumb');
    expect(shown.join(' ')).not.toContain('> >');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Wohnzimmer');
    if (width < 640) expect(shown).toEqual(['crumb', '>', 'crumb']);

    // The hint sits right under the dial's arc, not a hand's breadth below it.
    const arcBox = await slider.locator('svg path').nth(1).boundingBox();
    const hintBox = await page.getByText('Ziehen oder Pfeiltasten').boundingBox();
    expect(hintBox!.y - (arcBox!.y + arcBox!.height)).toBeLessThan(72);
  });
}
