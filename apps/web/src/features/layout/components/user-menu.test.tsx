import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingsProvider } from '@/lib/settings-provider';
import { TestProviders } from '@/lib/testing';
import { UserMenu } from './user-menu';

function renderMenu() {
  const onLogout = vi.fn();
  render(
    <TestProviders>
      <SettingsProvider>
        <UserMenu username="demo" buildingName="Musterhaus" onLogout={onLogout} />
      </SettingsProvider>
    </TestProviders>,
  );
  return onLogout;
}

describe('UserMenu', () => {
  it('shows its button at once and opens the menu once its code is here', async () => {
    const onLogout = renderMenu();
    const button = screen.getByRole('button', { name: 'Benutzermenü von demo' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    const user = userEvent.setup();
    // Clicked before or after the dropdown's code arrives: either way the menu opens.
    await user.click(button);
    const logout = await screen.findByRole('menuitem', { name: 'Abmelden' });
    await user.click(logout);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
