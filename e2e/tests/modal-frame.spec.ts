import { expect, signIn, test } from '../support/fixtures';
import { signInAndOpen } from '../support/rooms';

// The room page's explanation and the phone menu are native <dialog>s (ui/modal-frame.tsx).

test('the explanation dialog opens, closes with Escape and gives focus back', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/4');
  const why = page.getByRole('button', { name: 'Warum?' });
  await why.click();
  const dialog = page.getByRole('dialog', { name: 'Keine geplante Temperaturänderung' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(/keine weitere Änderung hinterlegt/);
  // Focus is inside; the page behind is inert.
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(why).toBeFocused();

  // The close button and a click on the backdrop close it too.
  await why.click();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await expect(why).toBeFocused();
  await why.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test('the phone menu sheet closes with Escape and returns focus to its button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const open = page.getByRole('button', { name: 'Menü öffnen' });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Hauptmenü' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(sheet.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();
});
