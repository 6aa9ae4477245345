import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  resetLinkIn,
  startAccountsServer,
  waitForMail,
  type AccountsServer,
} from '../../test-support/accounts.js';
import { basic } from '../../test-support/test-server.js';

// The app as the server builds it (its own logger: redact paths, request serializer), at debug
// level (a line per request), writing into `lines`.
let server: AccountsServer;
let lines: string[];
beforeEach(async () => {
  lines = [];
  server = await startAccountsServer({ logLevel: 'debug' }, Date.now, {
    write: (line) => lines.push(line),
  });
});
afterEach(async () => {
  await server.close();
});

const log = () => lines.join('');
const request = async (url: string, init: RequestInit = {}) => {
  const response = await server.request(url, init);
  await response.arrayBuffer();
  return response;
};

describe('the log at debug level', () => {
  it('keeps no password, token or user name given in a URL query, whatever the case', async () => {
    const urls = [
      '/get/json/v1/1/info/?user=demo&password=Geheim-1',
      '/api/get/json/v1/1/temps/?USER=demo&Password=Geheim-2&x=1',
      '/api/user?password_confirmation=Geheim-3&new_password=Geheim-4&access_token=Geheim-5',
      '/re/home/auth/reset-password/change?token=Geheim-6&email=demo%40example.com',
      '/get/json/v1/1/info/?pass%77ord=Geheim-7&new+password=Geheim-8',
    ];
    for (const url of urls) await request(url);
    expect(log()).toContain('incoming request');
    expect(log()).not.toMatch(/Geheim|user=demo/i);
    // What is not secret stays readable.
    expect(log()).toContain('email=demo%40example.com');
    expect(log()).toContain('x=1');
  });

  it('keeps no password from a sign-in, a write or a form body', async () => {
    await request('/get/json/v1/1/temps/', {
      headers: { authorization: basic('demo', 'Geheim-9') },
    });
    await request('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      body: new URLSearchParams({ user: 'demo', password: 'Geheim-10', ziel: '22' }),
    });
    // Whoever logs a body or a request with its body, pino's redact paths take the fields out.
    server.app.log.info({ body: { password: 'Geheim-11', new_password: 'Geheim-12' } }, 'a body');
    server.app.log.info({
      req: { body: { password_confirmation: 'Geheim-13', token: 'Geheim-14' } },
    });
    server.app.log.info({
      password: 'Geheim-15',
      current_password: 'Geheim-16',
      user: 'Geheim-17',
    });
    expect(lines.length).toBeGreaterThan(4);
    expect(log()).not.toMatch(/Geheim/);
    expect(log()).not.toContain(basic('demo', 'Geheim-9').slice(6));
  });

  it('keeps no access token: not from its creation, a Bearer header or a failed one', async () => {
    const created = await server.request('/api/tokens/', {
      method: 'POST',
      body: new URLSearchParams({
        user: 'demo',
        password: 'demo1234',
        name: 'Log',
        access: 'write',
      }),
    });
    expect(created.status).toBe(201);
    const secret = ((await created.json()) as { token: { token: string } }).token.token;
    const bearer = { authorization: `Bearer ${secret}` };
    expect((await request('/get/json/v1/1/temps/', { headers: bearer })).status).toBe(200);
    await request('/set/json/v1/1/soll/1/', {
      method: 'POST',
      headers: bearer,
      body: new URLSearchParams({ soll: '21' }),
    });
    await request('/get/json/v1/1/temps/', { headers: { authorization: 'Bearer rr_Geheim-18' } });
    await request(`/get/json/v1/1/info/?access_token=${secret}`);
    // Whoever logs a request with its headers, pino's redact paths take the header out.
    server.app.log.info({ req: { headers: { ...bearer } } }, 'a request');
    await server.app.commit(() => undefined);
    expect(log()).toContain('access token created');
    expect(log()).toContain('incoming request');
    expect(log()).not.toContain(secret.slice(3));
    expect(log()).not.toMatch(/rr_|Geheim/);
  });

  it('without SMTP names the reset mail’s file, never its link or token', async () => {
    const answer = await request('/forgot-password', {
      method: 'POST',
      body: new URLSearchParams({ email: 'demo@example.com' }),
    });
    expect(answer.status).toBe(200);
    const token = resetLinkIn(await waitForMail(server.mailDir)).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    for (let i = 0; i < 100 && !log().includes('reset mail written'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const written = lines.find((line) => line.includes('reset mail written'));
    expect(JSON.parse(written!)).toMatchObject({ file: expect.stringContaining('.eml') });
    expect(log()).not.toContain(token);
    expect(log()).not.toContain('reset-password/change');
  });
});
