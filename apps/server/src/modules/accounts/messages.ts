import type { FastifyRequest } from 'fastify';

const en = {
  invalid: 'Please check the marked fields.',
  emailRequired: 'Email is required',
  emailFormat: 'Wrong email format',
  emailMax: 'Email must be at most 254 characters',
  passwordRequired: 'New password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 50 characters',
  confirmRequired: 'Please confirm your new password',
  confirmMismatch: 'Passwords must match',
  tokenRequired: 'Token and email properties are required',
  invalidToken:
    'This password reset link is invalid, already used or expired. Please request a new one.',
  resetSent:
    'If an account with this email address exists, we have sent it a link to reset the password.',
  passwordChanged: 'Your password has been successfully updated.',
  registrationClosed: 'Registration is closed. Please ask the building management for an account.',
  emailTaken: 'This email address is already registered.',
  tooMany: 'Too many requests. Please try again in {seconds} seconds.',
};
export type MessageKey = keyof typeof en;

const de: Record<MessageKey, string> = {
  invalid: 'Bitte prüfen Sie die markierten Felder.',
  emailRequired: 'E-Mail-Adresse ist erforderlich',
  emailFormat: 'Ungültiges E-Mail-Format',
  emailMax: 'Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein',
  passwordRequired: 'Neues Passwort ist erforderlich',
  passwordMin: 'Das Passwort muss mindestens 6 Zeichen lang sein',
  passwordMax: 'Das Passwort darf höchstens 50 Zeichen lang sein',
  confirmRequired: 'Bitte bestätigen Sie Ihr neues Passwort',
  confirmMismatch: 'Die Passwörter müssen übereinstimmen',
  tokenRequired: 'Token und E-Mail-Adresse sind erforderlich',
  invalidToken:
    'Dieser Link zum Zurücksetzen ist ungültig, bereits benutzt oder abgelaufen. Bitte fordern Sie einen neuen an.',
  resetSent:
    'Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir ihm einen Link zum Zurücksetzen des Passworts gesendet.',
  passwordChanged: 'Ihr Passwort wurde erfolgreich geändert.',
  registrationClosed:
    'Die Registrierung ist geschlossen. Bitte fragen Sie die Hausverwaltung nach einem Zugang.',
  emailTaken: 'Diese E-Mail-Adresse ist bereits registriert.',
  tooMany: 'Zu viele Anfragen. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
};

/**
 * Account answers are read by people, so they follow Accept-Language (the web app sends its own
 * language); tools that send none get English like every other error of the API.
 */
export const messagesFor = (request: FastifyRequest) => translatorFor(request, { de, en });

/**
 * A message table's translator for a request: German for `Accept-Language: de…`, else English,
 * with `{name}` placeholders filled in. The account answers and the members API use it.
 */
export function translatorFor<Key extends string>(
  request: FastifyRequest,
  tables: { de: Record<Key, string>; en: Record<Key, string> },
) {
  const header = request.headers['accept-language'] ?? '';
  const first = header
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((tag) => tag === 'de' || tag === 'en');
  const table = first === 'de' ? tables.de : tables.en;
  return (key: Key, values: Record<string, string | number> = {}) =>
    table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
export type Translate = ReturnType<typeof messagesFor>;
