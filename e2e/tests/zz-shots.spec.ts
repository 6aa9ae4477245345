import { test } from '../support/fixtures';
import { dial, signInAndOpen } from '../support/rooms';

for (const width of [390, 1280]) {
  for (const theme of ['light', 'dark']) {
    test(`shots ${width} ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await signInAndOpen(page, 'room-control/smart/1');
      const dark = async () => {
        if (theme === 'dark')
          await page.evaluate(() => {
            document.documentElement.classList.remove('light');
            document.documentElement.classList.add('dark');
          });
      };
      await page.getByRole('heading', { name: 'Küche' }).waitFor();
      await dark();
      await page.screenshot({ path: `/tmp/shots/floor-${width}-${theme}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Wohnzimmer' }).click();
      await dial(page, 'Wohnzimmer').waitFor();
      await dark();
      await page.screenshot({ path: `/tmp/shots/room-${width}-${theme}.png`, fullPage: true });
      if (process.env.SHOT_TEMP) {
        await dial(page, 'Wohnzimmer').focus();
        await page.keyboard.press('ArrowUp');
        await page.getByText(/Verbleibend/).waitFor();
        await page.screenshot({ path: `/tmp/shots/room-temp-${width}-${theme}.png`, fullPage: true });
      }
    });
  }
}
