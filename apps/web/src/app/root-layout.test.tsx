import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider';
import { writeStoredAuth } from '@/lib/auth-storage';
import { I18N_STORAGE_KEY } from '@/lib/i18n';
import { LoadersProvider, useLoaders } from '@/lib/loaders';
import { SettingsProvider } from '@/lib/settings-provider';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { RootLayout } from './root-layout';
import { PREFETCH_MARK } from './prefetch-routes';

const server = setupServer(
  mock.get(`${window.location.origin}/api/app-config`, () => HttpResponse.json({})),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  performance.clearMarks();
});
afterAll(() => server.close());

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

/** The app's providers around the root layout with one page at '/'. */
function renderLayout(prefetch: () => void, page: React.ReactNode) {
  const router = createMemoryRouter([
    { element: <RootLayout prefetch={prefetch} />, children: [{ path: '/', element: page }] },
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
}

describe('RootLayout', () => {
  it('shows the full-screen loader and the progress bar while their flags are on', async () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    const prefetch = vi.fn();
    renderLayout(prefetch, <LoaderSwitches />);
    await userEvent.click(await screen.findByRole('button', { name: 'screen on' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await userEvent.click(screen.getByRole('button', { name: 'screen off' }));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // Nobody is signed in: nothing to prefetch yet.
    expect(prefetch).not.toHaveBeenCalled();
  });

  /** A page whose query stays loading until `finish` is called: the first view is busy. */
  function busyPage() {
    let finish: () => void = () => undefined;
    const done = new Promise<string>((resolve) => (finish = () => resolve('done')));
    function Page() {
      const { data } = useQuery({ queryKey: ['slow'], queryFn: () => done });
      const { login } = useAuth();
      return (
        <>
          <p>{data ?? 'loading'}</p>
          <button
            onClick={() => void login({ username: 'demo', password: 'demo1234', remember: true })}
          >
            sign in
          </button>
        </>
      );
    }
    return { page: <Page />, finish: () => act(finish) };
  }

  it('opened signed in, fetches the other screens only once the first view is complete', async () => {
    writeStoredAuth({ macAddress: 'localhost', username: 'demo', password: 'x', deviceInfo: null });
    const prefetch = vi.fn();
    const { page, finish } = busyPage();
    renderLayout(prefetch, page);
    await screen.findByText('loading');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(prefetch).not.toHaveBeenCalled();
    await finish();
    await screen.findByText('done');
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    // In idle moments, and the first view's end is marked for the bench (bundle-size.mjs).
    expect(prefetch).toHaveBeenCalledWith('idle');
    expect(performance.getEntriesByName(PREFETCH_MARK, 'mark')).toHaveLength(1);
  });

  it('on signing in, fetches the other screens at once, busy or not', async () => {
    server.use(
      mock.get(apiUrl('/get/json/v1/1/info/'), () => HttpResponse.json({ name: 'Musterhaus' })),
    );
    const prefetch = vi.fn();
    const { page } = busyPage();
    renderLayout(prefetch, page);
    await userEvent.click(await screen.findByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    expect(prefetch).toHaveBeenCalledWith('now');
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
