import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../config.js';
import { redactUrl, requestLogSerializer } from './log-redaction.js';
import { post, startAccountsServer, type AccountsServer } from '../../test-support/accounts.js';

let server: AccountsServer;
beforeAll(async () => {
  server = await startAccountsServer();
});
afterAll(async () => {
  await server.close();
});

describe('odd requests to the account calls', () => {
  it('are answered with the documented 4xx JSON error, never a 500', async () => {
    const withFile = new FormData();
    withFile.append('email', new Blob(['x'], { type: 'text/plain' }), 'mail.txt');
    const twice = new URLSearchParams([
      ['email', 'demo@example.com'],
      ['email', 'other@example.com'],
    ]);
    // [path, body, headers, status, error] as docs/accounts.md documents them.
    const cases: [string, RequestInit['body'], Record<string, string>, number, string][] = [
      // No files (413, as for the writes).
      ['/forgot-password', withFile, {}, 413, 'payload_too_large'],
      // A body of another type is not read: the address is missing.
      [
        '/forgot-password',
        'email=demo@example.com',
        { 'content-type': 'text/plain' },
        400,
        'validation_failed',
      ],
      [
        '/forgot-password',
        JSON.stringify({ email: [{ nested: true }] }),
        { 'content-type': 'application/json' },
        400,
        'validation_failed',
      ],
      [
        '/forgot-password',
        JSON.stringify({ email: { $ne: '' } }),
        { 'content-type': 'application/json' },
        400,
        'validation_failed',
      ],
      // A field over 4 KiB, in any body type (issue 17: JSON and urlencoded as multipart).
      [
        '/reset-password',
        JSON.stringify({
          token: 'x'.repeat(5000),
          email: 'demo@example.com',
          password: 'geheim1',
          password_confirmation: 'geheim1',
        }),
        { 'content-type': 'application/json' },
        413,
        'payload_too_large',
      ],
      [
        '/reset-password',
        JSON.stringify({
          token: 'x'.repeat(4000),
          email: 'demo@example.com',
          password: 'geheim1',
          password_confirmation: 'geheim1',
        }),
        { 'content-type': 'application/json' },
        400,
        'invalid_token',
      ],
      // Over 64 KiB.
      [
        '/reset-password',
        'x'.repeat(100_000),
        { 'content-type': 'application/x-www-form-urlencoded' },
        413,
        'payload_too_large',
      ],
      // Registration is closed by default: refused before the fields are read.
      ['/register', twice, {}, 403, 'registration_closed'],
    ];
    for (const [path, body, headers, status, error] of cases) {
      const response = await post(server, path, body, headers);
      const label = `${path} ${String(body).slice(0, 40)}`;
      expect(response.status, label).toBe(status);
      const answer = (await response.json()) as { error?: unknown; message?: unknown };
      expect(answer.error, label).toBe(error);
      expect(typeof answer.message, label).toBe('string');
    }
  });
});

describe('account settings', () => {
  it('default to no SMTP, registration closed, links to localhost', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ smtpUrl: null, publicUrl: null, allowRegistration: false });
  });

  it('take a trailing slash off PUBLIC_URL and refuse nonsense without echoing secrets', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://heizung.example.com/' }).publicUrl).toBe(
      'https://heizung.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOW_REGISTRATION: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@host' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') }),
    );
  });
});

describe('request logs', () => {
  it('keep the path of a reset link but not its token', () => {
    expect(
      redactUrl('/re/home/auth/reset-password/change?token=abc-_123&email=demo%40example.com'),
    ).toBe('/re/home/auth/reset-password/change?token=[redacted]&email=demo%40example.com');
    expect(redactUrl('/x?email=a&TOKEN=zz#top')).toBe('/x?email=a&TOKEN=[redacted]#top');
    expect(redactUrl('/x?User=a&PASSWORD=b&password_confirmation=c&new_password=d&ok=1')).toBe(
      '/x?User=[redacted]&PASSWORD=[redacted]&password_confirmation=[redacted]&new_password=[redacted]&ok=1',
    );
    // Spelt the way the server reads it: escapes and `+` in the name.
    expect(redactUrl('/x?pass%77ord=geheim&new+password=geheim&a=b%26password=no')).toBe(
      '/x?pass%77ord=[redacted]&new+password=[redacted]&a=b%26password=no',
    );
    expect(redactUrl('/x?%E0=1&flag&access_token=t')).toBe('/x?%E0=1&flag&access_token=[redacted]');
    expect(requestLogSerializer({ method: 'GET', url: '/a?token=s' }).url).toBe(
      '/a?token=[redacted]',
    );
  });
});
