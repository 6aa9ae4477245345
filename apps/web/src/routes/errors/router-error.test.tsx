import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18N_STORAGE_KEY } from '@/lib/i18n';
import { TestProviders } from '@/lib/testing';
import { RouterErrorPage } from './router-error';

function Broken(): never {
  throw new Error('Temperatur ist kein Objekt');
}

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element, errorElement: <RouterErrorPage /> }]);
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('RouterErrorPage', () => {
  it('shows "Unexpected Application Error!" with the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    renderAt(<Broken />);
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Temperatur ist kein Objekt')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('explains a screen that could not load because the controller is away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Offline(): never {
      throw new TypeError('Failed to fetch dynamically imported module: /re/home/assets/x.js');
    }
    renderAt(<Offline />);
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite konnte nicht geladen werden' }),
    ).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
