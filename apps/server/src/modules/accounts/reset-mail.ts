import type { OutgoingMail } from '../../platform/mail/mailer.js';

/** The reset mail in German and English: the server does not know which language the user reads. */
export function resetMail(to: string, link: string, validMinutes: number): OutgoingMail {
  return {
    to,
    subject: 'Passwort zurücksetzen / Reset your password – Raumregler',
    text: [
      'Guten Tag,',
      '',
      'jemand hat für dieses Konto das Zurücksetzen des Passworts angefordert.',
      'Über diesen Link legen Sie ein neues Passwort fest:',
      '',
      link,
      '',
      `Der Link gilt ${validMinutes} Minuten und nur einmal. Wenn Sie nichts angefordert haben,`,
      'ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      '',
      '----------------------------------------------------------------',
      '',
      'Hello,',
      '',
      'someone asked to reset the password of this account.',
      'Set a new password with this link:',
      '',
      link,
      '',
      `The link works once and for ${validMinutes} minutes. If you did not ask for it, ignore`,
      'this e-mail; your password stays as it is.',
      '',
      'Raumregler',
    ].join('\n'),
  };
}
