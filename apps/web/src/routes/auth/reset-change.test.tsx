import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAuth } from './test-harness';

const sent: Record<string, FormDataEntryValue | null>[] = [];
const api = setupServer(
  http.get('*/api/app-config', () => HttpResponse.json({ buildingName: 'Musterhaus' })),
  http.post('*/api/reset-password', async ({ request }) => {
    const form = await request.formData();
    sent.push(Object.fromEntries(form.entries()));
    return HttpResponse.json({ message: 'ok' });
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sent.length = 0;
});
afterAll(() => api.close());

const link = '/auth/reset-password/change?token=abc123&email=demo%40example.com';

const messages = {
  en: {
    password: 'New password',
    confirm: 'Confirm new password',
    submit: 'Change password',
    required: 'New password is required',
    min: 'Password must be at least 6 characters',
    confirmRequired: 'Please confirm your new password',
    match: 'Passwords must match',
    token: 'Token and email properties are required',
    changed: 'Your password has been successfully updated.',
    failed: 'Password reset failed. Please try again.',
  },
  de: {
    password: 'Neues Passwort',
    confirm: 'Neues Passwort bestätigen',
    submit: 'Passwort ändern',
    required: 'Neues Passwort ist erforderlich',
    min: 'Das Passwort muss mindestens 6 Zeichen lang sein',
    confirmRequired: 'Bitte bestätigen Sie Ihr neues Passwort',
    match: 'Die Passwörter müssen übereinstimmen',
    token: 'Token und E-Mail-Adresse sind erforderlich',
    changed: 'Ihr Passwort wurde erfolgreich geändert.',
    failed: 'Das Zurücksetzen des Passworts ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
} as const;

describe.each(['en', 'de'] as const)('change password form (%s)', (locale) => {
  const t = messages[locale];

  it('shows each validation message and sends nothing while any shows', async () => {
    const user = userEvent.setup();
    renderAuth(link, locale);
    const password = await screen.findByLabelText(t.password);
    const confirm = screen.getByLabelText(t.confirm);

    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.required)).toBeInTheDocument();
    expect(screen.getByText(t.confirmRequired)).toBeInTheDocument();

    await user.type(password, 'kurz');
    expect(await screen.findByText(t.min)).toBeInTheDocument();
    await user.type(password, '12');
    await waitFor(() => expect(screen.queryByText(t.min)).not.toBeInTheDocument());

    await user.type(confirm, 'kurz13');
    expect(await screen.findByText(t.match)).toBeInTheDocument();
    // Fixing the first field clears the mismatch shown under the second.
    await user.clear(password);
    await user.type(password, 'kurz13');
    await waitFor(() => expect(screen.queryByText(t.match)).not.toBeInTheDocument());
    await user.clear(confirm);
    await user.tab();
    expect(await screen.findByText(t.confirmRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends token, address and the new password, then shows the changed page', async () => {
    const user = userEvent.setup();
    const { router } = renderAuth(link, locale);
    await user.type(await screen.findByLabelText(t.password), 'geheim1');
    await user.type(screen.getByLabelText(t.confirm), 'geheim1');
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await screen.findByText(t.changed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password/changed');
    expect(sent).toEqual([
      {
        token: 'abc123',
        email: 'demo@example.com',
        password: 'geheim1',
        password_confirmation: 'geheim1',
      },
    ]);
  });

  it('says that token and email are required when the link lacks them, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAuth('/auth/classic/reset-password/change?email=demo%40example.com', locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.token);
    await user.type(screen.getByLabelText(t.password), 'geheim1');
    await user.type(screen.getByLabelText(t.confirm), 'geheim1');
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.token);
    expect(sent).toEqual([]);
  });

  it('shows the server message for a used link, and the fallback without one', async () => {
    const user = userEvent.setup();
    api.use(
      http.post('*/api/reset-password', () =>
        HttpResponse.json(
          { error: 'invalid_token', message: 'This link was used already.' },
          { status: 400 },
        ),
      ),
    );
    renderAuth(link, locale);
    await user.type(await screen.findByLabelText(t.password), 'geheim1');
    await user.type(screen.getByLabelText(t.confirm), 'geheim1');
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was used already.');

    api.use(http.post('*/api/reset-password', () => new HttpResponse('boom', { status: 502 })));
    await user.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t.failed));
  });
});
