import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAuth } from './test-harness';

const requests: { email: FormDataEntryValue | null; language: string | null }[] = [];
const api = setupServer(
  http.get('*/api/app-config', () =>
    HttpResponse.json({
      buildingName: 'Musterhaus',
      demoLogin: null,
      deviceUrlTemplate: null,
      registrationOpen: false,
    }),
  ),
  http.post('*/api/forgot-password', async ({ request }) => {
    const form = await request.formData();
    requests.push({ email: form.get('email'), language: request.headers.get('accept-language') });
    return HttpResponse.json({ message: 'sent' });
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  requests.length = 0;
});
afterAll(() => api.close());

const messages = {
  en: {
    email: 'Email',
    submit: 'Send reset link',
    required: 'Email is required',
    min: 'Minimum 3 symbols',
    max: 'Maximum 50 symbols',
    format: 'Wrong email format',
    sent: 'Password reset link sent. Please check your email to proceed',
    failed: 'Password reset failed. Please try again.',
  },
  de: {
    email: 'E-Mail-Adresse',
    submit: 'Link zum Zurücksetzen senden',
    required: 'E-Mail-Adresse ist erforderlich',
    min: 'Mindestens 3 Zeichen',
    max: 'Höchstens 50 Zeichen',
    format: 'Ungültiges E-Mail-Format',
    sent: 'Link zum Zurücksetzen gesendet. Bitte prüfen Sie Ihre E-Mails, um fortzufahren',
    failed: 'Das Zurücksetzen des Passworts ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
} as const;

describe.each(['en', 'de'] as const)('reset request form (%s)', (locale) => {
  const t = messages[locale];

  it('shows each validation message on submit, change and blur, and sends nothing while any shows', async () => {
    const user = userEvent.setup();
    renderAuth('/auth/reset-password', locale);
    const email = await screen.findByLabelText(t.email);
    const submit = screen.getByRole('button', { name: t.submit });

    await user.click(submit);
    expect(await screen.findByText(t.required)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'ab');
    expect(await screen.findByText(t.min)).toBeInTheDocument();
    await user.type(email, 'c');
    expect(await screen.findByText(t.format)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, `${'a'.repeat(40)}@example.com`);
    expect(await screen.findByText(t.max)).toBeInTheDocument();
    await user.clear(email);
    await user.tab();
    expect(await screen.findByText(t.required)).toBeInTheDocument();

    await user.click(submit);
    expect(requests).toEqual([]);
  });

  it('sends the address and shows the check-email page with the success text', async () => {
    const user = userEvent.setup();
    const { router } = renderAuth('/auth/classic/reset-password', locale);
    await user.type(await screen.findByLabelText(t.email), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await screen.findByText(t.sent)).toBeInTheDocument();
    expect(screen.getByText('demo@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/classic/reset-password/check-email');
    expect(router.state.location.search).toBe('?email=demo%40example.com');
    expect(requests).toEqual([{ email: 'demo@example.com', language: locale }]);
  });

  it('shows the server message, or the fallback when there is none', async () => {
    const user = userEvent.setup();
    api.use(
      http.post('*/api/forgot-password', () =>
        HttpResponse.json({ error: 'too_many_requests', message: 'Slow down.' }, { status: 429 }),
      ),
    );
    renderAuth('/auth/reset-password', locale);
    await user.type(await screen.findByLabelText(t.email), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down.');

    api.use(http.post('*/api/forgot-password', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: t.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t.failed));
  });
});
