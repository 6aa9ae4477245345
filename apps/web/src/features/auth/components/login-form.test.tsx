import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18N_STORAGE_KEY } from '@/lib/i18n';
import { apiUrl, HttpResponse, mock, TestProviders, testQueryClient } from '@/lib/testing';
import { AuthProvider } from './auth-provider';
import { LoginForm } from './login-form';

const appConfig = (demoLogin: { username: string; password: string } | null) =>
  mock.get(apiUrl('/app-config'), () =>
    HttpResponse.json({
      buildingName: 'Musterhaus',
      demoLogin,
      deviceUrlTemplate: null,
      registrationOpen: false,
    }),
  );
const server = setupServer(
  appConfig(null),
  mock.get(apiUrl('/get/json/v1/1/info/'), () =>
    HttpResponse.json({ error: 'unauthorized', message: 'Wrong details' }, { status: 401 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderForm(onSignedIn = vi.fn()) {
  render(
    <TestProviders>
      <AuthProvider>
        <LoginForm onSignedIn={onSignedIn} />
      </AuthProvider>
    </TestProviders>,
  );
  return onSignedIn;
}

describe('LoginForm', () => {
  it('speaks the validation rules in English too, while typing and on submit', async () => {
    localStorage.setItem(I18N_STORAGE_KEY, JSON.stringify({ code: 'en' }));
    renderForm();
    // The English catalogue loads on demand: the form appears once it is here.
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    expect(await screen.findByText('Minimum 3 symbols')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'x'.repeat(51));
    expect(await screen.findByText('Maximum 50 symbols')).toBeInTheDocument();
  });

  it('stays empty when the server offers no demo login', async () => {
    renderForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Benutzername')).toHaveValue('');
    expect(screen.queryByText(/Demo-Zugang/)).not.toBeInTheDocument();
  });

  it('starts prefilled when the app config is already there (preloaded by index.html)', () => {
    const client = testQueryClient();
    client.setQueryData(['app-config'], {
      buildingName: 'Musterhaus',
      demoLogin: { username: 'demo', password: 'demo1234' },
      deviceUrlTemplate: null,
      registrationOpen: false,
    });
    render(
      <TestProviders client={client}>
        <AuthProvider>
          <LoginForm onSignedIn={vi.fn()} />
        </AuthProvider>
      </TestProviders>,
    );
    expect(screen.getByLabelText('Benutzername')).toHaveValue('demo');
    expect(screen.getByLabelText('Passwort')).toHaveValue('demo1234');
  });

  it('is prefilled when the server names a demo login', async () => {
    server.use(appConfig({ username: 'demo', password: 'demo1234' }));
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Benutzername')).toHaveValue('demo'));
    expect(screen.getByLabelText('Passwort')).toHaveValue('demo1234');
  });

  it('never writes the demo login over what the person typed before it arrived', async () => {
    // The demo login arrives only after the person has typed a name and is in the field.
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mock.get(apiUrl('/app-config'), async () => {
        await arrived;
        return HttpResponse.json({
          buildingName: 'Musterhaus',
          demoLogin: { username: 'demo', password: 'demo1234' },
          deviceUrlTemplate: null,
          registrationOpen: false,
        });
      }),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'verwalter');
    release();
    await waitFor(() => expect(screen.getByText(/Demo-Zugang/)).toBeInTheDocument());
    expect(screen.getByLabelText('Benutzername')).toHaveValue('verwalter');
    // The untouched password field still gets the demo password.
    expect(screen.getByLabelText('Passwort')).toHaveValue('demo1234');
  });

  it('says the details are incorrect when the device refuses them', async () => {
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'demo');
    await userEvent.type(screen.getByLabelText('Passwort'), 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Anmeldedaten sind nicht korrekt',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says the controller is unreachable rather than blaming the password', async () => {
    server.use(mock.get(apiUrl('/get/json/v1/1/info/'), () => HttpResponse.error()));
    renderForm();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'demo');
    await userEvent.type(screen.getByLabelText('Passwort'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Verbindung zum Regler');
  });

  it('says the building does not exist or is not open to this account (issue 37)', async () => {
    server.use(
      mock.get(apiUrl('/get/json/v1/1/info/'), () =>
        HttpResponse.json({ error: 'not_found', message: 'Unknown house id.' }, { status: 404 }),
      ),
    );
    const onSignedIn = renderForm();
    await userEvent.type(screen.getByLabelText('Benutzername'), 'bewohner');
    await userEvent.type(screen.getByLabelText('Passwort'), 'bewohner1234');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieses Gebäude gibt es nicht oder Sie haben keinen Zugang.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
