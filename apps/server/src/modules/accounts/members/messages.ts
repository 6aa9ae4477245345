import type { FastifyRequest } from 'fastify';
import { translatorFor } from '../messages.js';

const en = {
  invalid: 'Please check the marked fields.',
  usernameRequired: 'Username is required',
  usernameMax: 'The username may have at most 50 characters',
  usernameMin: 'The username must have at least 3 characters',
  usernameFormat: 'The username may not contain spaces, a colon or a slash',
  emailRequired: 'Email is required',
  emailFormat: 'Wrong email format',
  emailMax: 'Email must be at most 254 characters',
  language: 'Language must be de or en',
  access: 'Access must be one of no-access, read, permanent, full',
  ids: 'Give ids separated by commas',
  unknownFloor: 'There is no floor {ids}',
  unknownRoom: 'There is no room {ids}',
  day: 'Give a day as YYYY-MM-DD',
  order: 'The last day may not be before the first',
  forbidden: 'Only those who manage the whole building may manage members.',
  notFound: 'There is no member of this name.',
  usernameTaken: 'A user of this name exists.',
  emailTaken: 'A user with this e-mail address exists.',
  lastManager: 'This would leave nobody who manages the whole building.',
  sharedAccount:
    'This user also holds access in another building: only their access here can be changed; they change their e-mail address and language themselves.',
};
export type MemberMessageKey = keyof typeof en;

const de: Record<MemberMessageKey, string> = {
  invalid: 'Bitte prüfen Sie die markierten Felder.',
  usernameRequired: 'Benutzername ist erforderlich',
  usernameMax: 'Der Benutzername darf höchstens 50 Zeichen lang sein',
  usernameMin: 'Der Benutzername muss mindestens 3 Zeichen lang sein',
  usernameFormat:
    'Der Benutzername darf keine Leerzeichen, keinen Doppelpunkt und keinen Schrägstrich enthalten',
  emailRequired: 'E-Mail-Adresse ist erforderlich',
  emailFormat: 'Ungültiges E-Mail-Format',
  emailMax: 'Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein',
  language: 'Sprache muss de oder en sein',
  access: 'Zugriff muss no-access, read, permanent oder full sein',
  ids: 'Bitte Nummern durch Kommas getrennt angeben',
  unknownFloor: 'Etage {ids} gibt es nicht',
  unknownRoom: 'Raum {ids} gibt es nicht',
  day: 'Bitte einen Tag als JJJJ-MM-TT angeben',
  order: 'Der letzte Tag darf nicht vor dem ersten liegen',
  forbidden: 'Nur wer das ganze Gebäude verwaltet, darf Mitglieder verwalten.',
  notFound: 'Ein Mitglied dieses Namens gibt es nicht.',
  usernameTaken: 'Einen Benutzer dieses Namens gibt es schon.',
  emailTaken: 'Einen Benutzer mit dieser E-Mail-Adresse gibt es schon.',
  lastManager: 'Dann verwaltete niemand mehr das ganze Gebäude.',
  sharedAccount:
    'Diese Person hat auch Zugang zu einem anderen Gebäude: Hier lässt sich nur ihr Zugang ändern; E-Mail-Adresse und Sprache ändert sie selbst.',
};

/** Like the account answers: German for `Accept-Language: de…`, else English. */
export const memberMessagesFor = (request: FastifyRequest) =>
  translatorFor<MemberMessageKey>(request, { de, en });
export type MemberTranslate = ReturnType<typeof memberMessagesFor>;
