import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeQuotedPrintable,
  form,
  mailFiles,
  post,
  resetLinkIn,
  startAccountsServer,
  type AccountsServer,
} from '../../test-support/accounts.js';

let server: AccountsServer | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('reset mail over SMTP', () => {
  it('goes to the SMTP peer from MAIL_FROM, with a link to PUBLIC_URL that sets the password', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const arrived = new Promise<void>((resolve) => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
            resolve();
          });
        },
      });
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
    const address = smtp!.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    server = await startAccountsServer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Haus <haus@example.com>',
      publicUrl: 'https://heizung.example.com',
    });
    const response = await post(
      server,
      '/api/forgot-password',
      form({ email: 'demo@example.com' }),
    );
    expect(response.status).toBe(200);
    await arrived;

    expect(received[0]!.from).toBe('haus@example.com');
    expect(received[0]!.to).toEqual(['demo@example.com']);
    expect(decodeQuotedPrintable(received[0]!.raw)).toContain('Zurücksetzen des Passworts');
    const link = resetLinkIn(received[0]!.raw);
    expect(link.origin).toBe('https://heizung.example.com');
    expect(link.pathname).toBe('/re/home/auth/reset-password/change');
    expect(mailFiles(server.mailDir)).toEqual([]);

    const changed = await post(
      server,
      '/api/reset-password',
      form({
        token: link.searchParams.get('token')!,
        email: link.searchParams.get('email')!,
        password: 'per-smtp',
        password_confirmation: 'per-smtp',
      }),
    );
    expect(changed.status).toBe(200);
    const info = await server.request('/get/json/v1/1/info/', { auth: ['demo', 'per-smtp'] });
    expect(info.status).toBe(200);
  });
});
