import type { OutgoingMail } from '../../../platform/mail/mailer.js';

/** The invitation of a new member, in their language, with the link that sets their password. */
export function invitationMail(
  to: string,
  username: string,
  link: string,
  validDays: number,
  language: 'de' | 'en',
): OutgoingMail {
  if (language === 'en') {
    return {
      to,
      subject: 'Welcome to Raumregler – set your password',
      text: [
        'Hello,',
        '',
        `you have been given access to Raumregler, the building's heating control, as "${username}".`,
        'Set your password with this link:',
        '',
        link,
        '',
        `The link works once and for ${validDays} days. Then sign in with your username and the`,
        'new password. If you did not expect this e-mail, ignore it.',
        '',
        'Raumregler',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Willkommen bei Raumregler – Passwort festlegen',
    text: [
      'Guten Tag,',
      '',
      `Sie haben Zugang zu Raumregler, der Heizungssteuerung des Gebäudes, als „${username}“.`,
      'Über diesen Link legen Sie Ihr Passwort fest:',
      '',
      link,
      '',
      `Der Link gilt ${validDays} Tage und nur einmal. Danach melden Sie sich mit Ihrem`,
      'Benutzernamen und dem neuen Passwort an. Wenn Sie diese E-Mail nicht erwartet haben,',
      'ignorieren Sie sie.',
      '',
      'Raumregler',
    ].join('\n'),
  };
}
