import { afterEach, describe, expect, it } from 'vitest';
import {
  form,
  post,
  startAccountsServer,
  type AccountsServer,
} from '../../test-support/accounts.js';

let server: AccountsServer;
afterEach(async () => {
  await server.close();
});

const newUser = {
  email: 'neu@example.com',
  password: 'geheim1',
  password_confirmation: 'geheim1',
};

describe('POST /register', () => {
  it('is closed by default: 403 with a clear message, and nobody is created', async () => {
    server = await startAccountsServer();
    const response = await post(server, '/api/register', form(newUser));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'registration_closed',
      message: 'Registration is closed. Please ask the building management for an account.',
    });
    expect(await server.app.repos.users.findByEmail(newUser.email)).toBeNull();
  });

  it('when open, creates a user without any access who can sign in with the address', async () => {
    server = await startAccountsServer({ allowRegistration: true });
    const response = await post(server, '/api/register', form(newUser));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      username: 'neu@example.com',
      user: {
        username: 'neu@example.com',
        email: 'neu@example.com',
        permissions: { access_to_smart: 'no-access', access_to_pro: 'no-access' },
      },
    });
    const info = await server.request('/get/json/v1/1/info/', {
      auth: ['neu@example.com', 'geheim1'],
    });
    expect(info.status).toBe(200);
    const user = await server.request('/user', { auth: ['neu@example.com', 'geheim1'] });
    expect(((await user.json()) as { permissions: unknown }).permissions).toEqual({
      access_to_smart: 'no-access',
      access_to_pro: 'no-access',
      can_make_temporary_changes: false,
      can_make_permanent_changes: false,
      // Ours (issue 34): the whole building, without a time limit.
      floors: [],
      rooms: [],
      valid_from: null,
      valid_until: null,
    });
  });

  it('when open, refuses a taken address and bad fields with messages per field', async () => {
    server = await startAccountsServer({ allowRegistration: true });
    const taken = await post(server, '/register', form({ ...newUser, email: 'DEMO@example.com' }));
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({
      messages: { email: ['This email address is already registered.'] },
    });
    const bad = await post(
      server,
      '/register',
      new URLSearchParams({ email: 'no-at-sign', password: '123', password_confirmation: '' }),
    );
    expect(await bad.json()).toMatchObject({
      error: 'validation_failed',
      messages: {
        email: ['Wrong email format'],
        password: ['Password must be at least 6 characters'],
        password_confirmation: ['Please confirm your new password'],
      },
    });
  });
});

describe('GET /user', () => {
  it('answers the signed-in user with permissions, never the password hash', async () => {
    server = await startAccountsServer();
    const response = await server.request('/api/user', { auth: ['bewohner', 'bewohner1234'] });
    expect(response.status).toBe(200);
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      username: 'bewohner',
      email: 'bewohner@example.com',
      permissions: { access_to_smart: 'read', access_to_pro: 'read' },
    });
    expect(Object.keys(user).sort()).toEqual(
      ['email', 'first_name', 'fullname', 'id', 'last_name', 'permissions', 'username'].sort(),
    );
    expect(typeof user.fullname).toBe('string');
    expect(user.fullname).not.toBe('');
  });

  it('answers 401 without valid credentials', async () => {
    server = await startAccountsServer();
    expect((await server.request('/user')).status).toBe(401);
    expect((await server.request('/user', { auth: ['demo', 'falsch'] })).status).toBe(401);
  });
});
