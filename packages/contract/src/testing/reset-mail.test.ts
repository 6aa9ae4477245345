import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, findResetLink } from './reset-mail.js';

/** A reset mail as nodemailer composes it (the server's .eml files), with a token that starts
 * with "3D" so that decoding twice would show. */
const RAW_MAIL = [
  'From: Raumregler <noreply@raumregler.local>',
  'To: bewohner@example.com',
  'Subject: =?UTF-8?Q?Passwort_zur=C3=BCcksetzen_/_Reset_your_?=',
  ' =?UTF-8?Q?password_=E2=80=93_Raumregler?=',
  'Content-Transfer-Encoding: quoted-printable',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Guten Tag,',
  '',
  'jemand hat f=C3=BCr dieses Konto das Zur=C3=BCcksetzen des =',
  'Passworts angefordert.',
  '=C3=9Cber diesen Link legen Sie ein neues Passwort =',
  'fest:',
  '',
  'http://localhost:8080/re/home/auth/reset-password/change?=',
  'token=3D3Df9AbC-_x12lmnopqrstuvwxyzABCDEFGHIJKLMNOPQ&email=3Dbewohner%40exa=',
  'mple.com',
  '',
  'Der Link gilt 60 Minuten und nur einmal.',
].join('\r\n');

const TOKEN = '3Df9AbC-_x12lmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

describe('decodeQuotedPrintable', () => {
  it('joins soft line breaks and reads multi-octet runs as UTF-8', () => {
    const text = decodeQuotedPrintable(RAW_MAIL);
    expect(text).toContain(
      'jemand hat für dieses Konto das Zurücksetzen des Passworts angefordert.',
    );
    expect(text).toContain('Über diesen Link');
    expect(text).toContain(
      `http://localhost:8080/re/home/auth/reset-password/change?token=${TOKEN}&email=bewohner%40example.com\r\n`,
    );
  });

  it('accepts bare line feeds, lower-case hex, and leaves a lone "=" and other text alone', () => {
    expect(decodeQuotedPrintable('gr=c3=\n=bc=C3=9Fe, a =3D b, x = y, 100%')).toBe(
      'grüße, a = b, x = y, 100%',
    );
  });

  it('turns octets that are not UTF-8 into replacement characters', () => {
    expect(decodeQuotedPrintable('K=E4se')).toBe('K\uFFFDse');
  });
});

describe('findResetLink', () => {
  it('finds the link with its token and address in the decoded mail', () => {
    const link = new URL(findResetLink(decodeQuotedPrintable(RAW_MAIL)));
    expect(link.origin).toBe('http://localhost:8080');
    expect(link.pathname).toBe('/re/home/auth/reset-password/change');
    expect(link.searchParams.get('token')).toBe(TOKEN);
    expect(link.searchParams.get('email')).toBe('bewohner@example.com');
  });

  it('says so, quoting the text, when the mail has no reset link', () => {
    expect(() => findResetLink('Hello\nhttp://localhost/re/home/auth/login')).toThrow(
      /no reset link in the mail:\nHello/,
    );
  });
});
