import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { I18N_STORAGE_KEY } from '@/lib/i18n';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { ChangePasswordForm } from './change-password-form';

const sent: { fields: Record<string, FormDataEntryValue>; language: string | null }[] = [];
let answer: () => Response = () => HttpResponse.json({ message: 'ok' });
const api = setupServer(
  mock.post(apiUrl('/user/password'), async ({ request }) => {
    const form = await request.formData();
    sent.push({
      fields: Object.fromEntries(form.entries()),
      language: request.headers.get('accept-language'),
    });
    return answer();
  }),
);
beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.resetHandlers();
  sent.length = 0;
  answer = () => HttpResponse.json({ message: 'ok' });
  localStorage.clear();
});
afterAll(() => api.close());

function renderForm() {
  const onChanged = vi.fn();
  render(
    <TestProviders>
      <ChangePasswordForm username="verwalter" onChanged={onChanged} />
      <Toaster theme="light" label="Benachrichtigungen" />
    </TestProviders>,
  );
  return onChanged;
}

async function fill(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Aktuelles Passwort'), current);
  await user.type(screen.getByLabelText('Neues Passwort'), next);
  await user.type(screen.getByLabelText('Neues Passwort bestätigen'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  return user;
}

describe('ChangePasswordForm', () => {
  it('names every missing field on submit and sends nothing', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByLabelText('Aktuelles Passwort')).toHaveAccessibleDescription(
      'Aktuelles Passwort ist erforderlich',
    );
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(
      'Neues Passwort ist erforderlich',
    );
    expect(screen.getByLabelText('Neues Passwort bestätigen')).toHaveAccessibleDescription(
      'Bitte bestätigen Sie Ihr neues Passwort',
    );
    expect(sent).toEqual([]);
  });

  it('checks the new password by the shared rule while typing: 6 to 50 characters, matching', async () => {
    renderForm();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Neues Passwort');
    await user.type(field, 'kurz');
    expect(field).toHaveAccessibleDescription('Das Passwort muss mindestens 6 Zeichen lang sein');
    await user.type(field, 'x'.repeat(47));
    expect(field).toHaveAccessibleDescription('Das Passwort darf höchstens 50 Zeichen lang sein');
    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
    const confirm = screen.getByLabelText('Neues Passwort bestätigen');
    await user.type(confirm, 'anders1');
    await user.tab();
    expect(confirm).toHaveAccessibleDescription('Die Passwörter müssen übereinstimmen');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(sent).toEqual([]);
  });

  it('sends the current credentials and the new password, then says so and hands it on', async () => {
    const onChanged = renderForm();
    await fill('verwalter1234', 'neues-passwort');
    expect(await screen.findByText('Ihr Passwort wurde geändert.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        fields: {
          user: 'verwalter',
          password: 'verwalter1234',
          new_password: 'neues-passwort',
          new_password_confirmation: 'neues-passwort',
        },
        language: 'de',
      },
    ]);
    expect(onChanged).toHaveBeenCalledWith('neues-passwort');
    // The form is empty again: no password stays on the screen.
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveValue('');
    expect(screen.getByLabelText('Neues Passwort')).toHaveValue('');
  });

  it('says a wrong current password at its field and keeps the session as it was', async () => {
    answer = () =>
      HttpResponse.json(
        { error: 'unauthorized', message: 'The login details are incorrect.' },
        { status: 401 },
      );
    const onChanged = renderForm();
    await fill('falsch123', 'neues-passwort');
    const current = screen.getByLabelText('Aktuelles Passwort');
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription('Das aktuelle Passwort ist nicht richtig'),
    );
    expect(current).toHaveFocus();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s reason for any other refusal, or its own when there is none', async () => {
    answer = () =>
      HttpResponse.json(
        { error: 'too_many_requests', message: 'Zu viele fehlgeschlagene Anmeldungen.' },
        { status: 429 },
      );
    const onChanged = renderForm();
    const user = await fill('verwalter1234', 'neues-passwort');
    expect(await screen.findByText('Zu viele fehlgeschlagene Anmeldungen.')).toBeInTheDocument();
    answer = () => HttpResponse.error();
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(
      await screen.findByText(
        'Das Passwort konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('speaks English when English is chosen, and asks the server in English', async () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'verwalter1234');
    await user.type(screen.getByLabelText('New password'), 'x'.repeat(51));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at most 50 characters',
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'neues-passwort');
    await user.type(screen.getByLabelText('Confirm new password'), 'neues-passwort');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(sent[0]?.language).toBe('en');
  });
});
