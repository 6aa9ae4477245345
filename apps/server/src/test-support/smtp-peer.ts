import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable } from '@raumregler/contract/testing';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

/**
 * A real SMTP peer on 127.0.0.1 (as modules/accounts/smtp.test.ts uses one): collects what it
 * receives; `refuse` makes it answer every message with a 451 (a failing mail server).
 */
export async function startSmtpPeer(port = 0) {
  const received: ReceivedMail[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
        for (const wait of waiting.filter((each) => received.length >= each.count)) {
          wait.resolve();
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    set refuse(value: boolean) {
      refuse = value;
    },
    /** Resolves once `count` mails have arrived in all. */
    waitFor: (count: number) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** Subject and text of a mail as nodemailer writes it (over SMTP or as an .eml file). */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  return {
    subject: decodeHeader(subject.replace(/\r?\n[ \t]/g, ' ')),
    text: decodeQuotedPrintable(body.join('\n\n')),
  };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as nodemailer writes subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}
