import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { I18N_STORAGE_KEY } from '@/lib/i18n';
import { LoadersProvider, useLoaders } from '@/lib/loaders';
import { SettingsProvider } from '@/lib/settings-provider';
import { TestProviders } from '@/lib/testing';
import { RootLayout } from './root-layout';

function LoaderSwitches() {
  const { setLoader } = useLoaders();
  return (
    <>
      <button onClick={() => setLoader('screenLoader', true)}>screen on</button>
      <button onClick={() => setLoader('screenLoader', false)}>screen off</button>
      <button onClick={() => setLoader('progressBarLoader', true)}>bar on</button>
    </>
  );
}

describe('RootLayout', () => {
  it('shows the full-screen loader and the progress bar while their flags are on', async () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    const prefetch = vi.fn();
    const router = createMemoryRouter([
      {
        element: <RootLayout prefetch={prefetch} />,
        children: [{ path: '/', element: <LoaderSwitches /> }],
      },
    ]);
    render(
      <TestProviders>
        <SettingsProvider>
          <LoadersProvider>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </LoadersProvider>
        </SettingsProvider>
      </TestProviders>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'screen on' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await userEvent.click(screen.getByRole('button', { name: 'screen off' }));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // Nobody is signed in: nothing to prefetch yet.
    expect(prefetch).not.toHaveBeenCalled();
  });
});
