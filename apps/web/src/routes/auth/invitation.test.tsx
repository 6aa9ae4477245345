import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { AuthProvider, useAuth } from '@/features/auth/components/auth-provider';
import { I18N_STORAGE_KEY, I18nProvider, type Locale } from '@/lib/i18n';
import { authRoutes } from './routes';

// Issue 34: the invitation link opens the reset page's form with its own words; the new
// password is set with the invitation token, and the member is signed in with it.
const sent: Record<string, FormDataEntryValue | null>[] = [];
const signIns: string[] = [];
let resetAnswer: () => Response = () => HttpResponse.json({ message: 'ok' });
const api = setupServer(
  http.get('*/api/app-config', () => HttpResponse.json({ buildingName: 'Musterhaus' })),
  http.post('*/api/reset-password', async ({ request }) => {
    sent.push(Object.fromEntries((await request.formData()).entries()));
    return resetAnswer();
  }),
  http.get('*/info/', ({ request }) => {
    signIns.push(request.headers.get('authorization') ?? '');
    return HttpResponse.json({ version: '1.0' });
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sent.length = 0;
  signIns.length = 0;
  resetAnswer = () => HttpResponse.json({ message: 'ok' });
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => api.close());

function Home() {
  const { currentUser } = useAuth();
  return <p>home of {currentUser?.username ?? 'nobody'}</p>;
}

function renderInvitation(path: string, locale: Locale) {
  localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: locale }));
  const router = createMemoryRouter([...authRoutes, { path: paths.home, element: <Home /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return router;
}

const link = '/auth/invitation?token=tok123&email=anna%40example.com&user=anna';
const texts = {
  de: {
    title: 'Willkommen bei Raumregler',
    submit: 'Passwort festlegen',
    password: 'Neues Passwort',
    confirm: 'Neues Passwort bestätigen',
    lead: /Danach sind Sie als anna angemeldet/,
    invalid: 'Dieser Link ist abgelaufen.',
  },
  en: {
    title: 'Welcome to Raumregler',
    submit: 'Set password',
    password: 'New password',
    confirm: 'Confirm new password',
    lead: /Then you are signed in as anna/,
    invalid: 'This link has run out.',
  },
} as const;

describe.each(['de', 'en'] as const)('the invitation page (%s)', (locale) => {
  const t = texts[locale];

  it('sets the password with the invitation token, then signs the member in', async () => {
    const user = userEvent.setup();
    const router = renderInvitation(link, locale);
    expect(await screen.findByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && t.lead.test(element.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.password), 'annas-passwort');
    await user.type(screen.getByLabelText(t.confirm), 'annas-passwort');
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await screen.findByText('home of anna')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home);
    expect(sent).toEqual([
      {
        token: 'tok123',
        email: 'anna@example.com',
        password: 'annas-passwort',
        password_confirmation: 'annas-passwort',
      },
    ]);
    expect(signIns).toEqual([`Basic ${btoa('anna:annas-passwort')}`]);
  });

  it('shows the server’s refusal of a used or expired link, and signs nobody in', async () => {
    resetAnswer = () =>
      HttpResponse.json({ error: 'invalid_token', message: t.invalid }, { status: 400 });
    const user = userEvent.setup();
    renderInvitation(link, locale);
    await user.type(await screen.findByLabelText(t.password), 'annas-passwort');
    await user.type(screen.getByLabelText(t.confirm), 'annas-passwort');
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.invalid)).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(signIns).toEqual([]);
    expect(screen.queryByText(/home of/)).not.toBeInTheDocument();
  });
});
