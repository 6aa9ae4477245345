import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { MenuLink } from './menu-link';

function renderItem(item: Parameters<typeof MenuLink>[0]['item'], active = false) {
  render(
    <TestProviders>
      <MemoryRouter>
        <MenuLink item={item} text="Eintrag" active={active} />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('MenuLink', () => {
  it('links an item with a path and marks the active one', () => {
    renderItem({ key: 'a', label: { text: 'Eintrag' }, path: '/appearance' }, true);
    const link = screen.getByRole('link', { name: 'Eintrag' });
    expect(link).toHaveAttribute('href', '/appearance');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('shows an item without a path as text', () => {
    renderItem({ key: 'b', label: { text: 'Eintrag' }, matchPath: '/room-control/pro/room/1' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Eintrag')).toBeInTheDocument();
  });

  it('shows a disabled item with a "Soon" badge and no link', () => {
    renderItem({ key: 'c', label: { text: 'Eintrag' }, path: '/later', disabled: true });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Bald')).toBeInTheDocument();
  });
});
