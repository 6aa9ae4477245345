import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAuth } from './test-harness';

const api = setupServer(
  http.get('*/api/app-config', () => HttpResponse.json({ buildingName: 'Musterhaus' })),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

describe('auth routes', () => {
  it.each(['/auth/nonsense', '/auth/classic/reset-password/nope'])(
    'send the unknown path %s to the 404 page',
    async (path) => {
      const { router } = renderAuth(path);
      expect(await screen.findByText('not found: /error/404')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/error/404');
    },
  );

  it('show the building name in the branded frame, and switch the language there', async () => {
    const user = userEvent.setup();
    renderAuth('/auth/reset-password', 'de');
    expect(await screen.findByRole('heading', { name: 'Passwort vergessen?' })).toBeVisible();
    expect(await screen.findByText(/Heizungssteuerung für Musterhaus/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keep links inside the classic frame', async () => {
    renderAuth('/auth/classic/reset-password');
    const back = await screen.findByRole('link', { name: 'Back to sign in' });
    expect(back).toHaveAttribute('href', '/auth/classic/login');
  });

  it('lead from the static enter-email form to check-email with the address', async () => {
    const user = userEvent.setup();
    const { router } = renderAuth('/auth/reset-password/enter-email');
    await user.type(await screen.findByLabelText('Email'), 'bewohner@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('bewohner@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password/check-email');
    // Reached without sending anything: no "sent" confirmation, and it says so.
    expect(screen.getByRole('heading', { name: 'No link sent yet' })).toBeVisible();
    expect(
      screen.queryByText('Password reset link sent. Please check your email to proceed'),
    ).not.toBeInTheDocument();
  });

  it("refuse an invalid address on the static enter-email form, with the real form's message", async () => {
    const user = userEvent.setup();
    const { router } = renderAuth('/auth/reset-password/enter-email');
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong email format')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/reset-password/enter-email');
  });

  it('lead from the changed page to sign in', async () => {
    renderAuth('/auth/classic/reset-password/changed');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/classic/login',
    );
  });

  it('show six single-character boxes and the static resend time on the 2FA page', async () => {
    renderAuth('/auth/2fa', 'de');
    const boxes = await screen.findAllByRole('textbox', { name: /^Ziffer \d von 6$/ });
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box).toHaveAttribute('maxlength', '1');
    expect(screen.getByText(/37s/)).toBeInTheDocument();
  });
});
