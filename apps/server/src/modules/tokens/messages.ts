import type { FastifyRequest } from 'fastify';
import { translatorFor } from '../accounts/index.js';

const en = {
  invalid: 'Please check the marked fields.',
  nameRequired: 'Name is required',
  nameMax: 'The name may have at most 100 characters',
  access: 'Access must be read or write',
  accessAboveOwner:
    'You may not change temperatures, so a token of yours may only read (access read)',
  day: 'Give a day as YYYY-MM-DD',
  past: 'The last day may not be in the past',
  notFound: 'There is no access token with this id.',
};
export type TokenMessageKey = keyof typeof en;

const de: Record<TokenMessageKey, string> = {
  invalid: 'Bitte prüfen Sie die markierten Felder.',
  nameRequired: 'Name ist erforderlich',
  nameMax: 'Der Name darf höchstens 100 Zeichen lang sein',
  access: 'Zugriff muss read oder write sein',
  accessAboveOwner:
    'Sie dürfen keine Temperaturen ändern, daher darf Ihr Token nur lesen (Zugriff read)',
  day: 'Bitte einen Tag als JJJJ-MM-TT angeben',
  past: 'Der letzte Tag darf nicht in der Vergangenheit liegen',
  notFound: 'Ein Zugriffstoken mit dieser Nummer gibt es nicht.',
};

/** Like the account answers: German for `Accept-Language: de…`, else English. */
export const tokenMessagesFor = (request: FastifyRequest) =>
  translatorFor<TokenMessageKey>(request, { de, en });
export type TokenTranslate = ReturnType<typeof tokenMessagesFor>;
