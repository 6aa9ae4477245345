import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export type Delivery = { via: 'smtp' } | { via: 'file'; file: string };

export interface Mailer {
  send: (mail: OutgoingMail) => Promise<Delivery>;
  close: () => void;
}

/**
 * Sends through SMTP when an SMTP_URL is set. Without one (the embedded default) each mail is
 * written as an .eml file into <dataDir>/mail/, so a developer or a test can open it.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        return { via: 'smtp' };
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from: options.from, ...mail });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Sortable by time, unique without a counter shared between processes.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(folder, name);
      // Written aside and renamed: whoever watches the folder never reads half a mail.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      return { via: 'file', file };
    },
    close: () => composer.close(),
  };
}
