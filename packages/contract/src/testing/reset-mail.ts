/**
 * Reading the password-reset mail the server sends, for the server's tests and the e2e tests.
 * The link's shape is the server ↔ web contract: `<origin>/…/reset-password/change?token=…&email=…`.
 */

const RESET_LINK = /https?:\/\/\S+\/reset-password\/change\?\S+/;

/**
 * Decodes quoted-printable text (RFC 2045), as nodemailer writes bodies with umlauts and long
 * lines: soft line breaks are dropped and each run of `=XX` octets is read as UTF-8. A run that
 * is not UTF-8 becomes U+FFFD, one per octet.
 */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/gi, (octets) => {
    try {
      return decodeURIComponent(octets.replaceAll('=', '%'));
    } catch {
      return '\uFFFD'.repeat(octets.length / 3);
    }
  });
}

/** The reset link in a mail's decoded text; throws, quoting the text, when there is none. */
export function findResetLink(text: string): string {
  const match = RESET_LINK.exec(text);
  if (!match) throw new Error(`no reset link in the mail:\n${text}`);
  return match[0];
}
