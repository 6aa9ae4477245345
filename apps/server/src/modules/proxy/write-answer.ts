import { SETPOINT_STEP } from '@raumregler/contract';

/**
 * How a real Controme device answers a write (issue 33): a short body that is no JSON ("OK",
 * nothing) when it took it, a long HTML page when it refused it (status 200 or 5xx alike, the
 * vendor documents neither). Our own server, in simulation, answers JSON (the room, or 400 with
 * the field's message). These pure rules sort an answer and take the device's reason from its
 * page; routes.ts acts on them.
 */

/** Longest reason we pass on, in characters (the page's title or first heading). */
export const REASON_MAX = 200;
/** A body longer than this that is no JSON is a page, not a device's "OK". */
const SHORT_ANSWER_MAX = 200;

const HTML_MARK = /<\s*(?:!doctype\s+html|html|head|body|title|h[1-6]|div|p|pre|table)\b/i;

/** Whether a body is JSON (by its content type, or an object or array that parses). */
export function isJsonAnswer(contentType: string, body: string): boolean {
  if (/json/i.test(contentType)) return true;
  const text = body.trim();
  if (!/^[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether a non-JSON body is a page (HTML markup, or text too long to be an "OK"). */
export const isPage = (body: string) =>
  HTML_MARK.test(body) || body.trim().length > SHORT_ANSWER_MAX;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  deg: '°',
  euro: '€',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
};

/** HTML character references as text: named ones we know, and every numeric one. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      // Surrogates and code points beyond Unicode are no characters.
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code === 0) return '';
      return String.fromCodePoint(code);
    }
    return NAMED[name] ?? whole;
  });
}

/** An element's text: inner tags and comments removed, references decoded, spaces collapsed. */
function elementText(html: string, tag: string): string {
  const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(html);
  if (!match) return '';
  const inner = match[1]!
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Inline markup is part of a word ("<b>Ü</b>berschrift"); any other tag separates words.
    .replace(/<\/?(?:a|abbr|b|code|em|i|small|span|strong|sub|sup|u)\b[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ');
  return (
    decodeEntities(inner)
      // Control characters (a page's stray bytes) would only garble a message.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The reason on a device's refusal page: its <title>, else its first <h1>, else <h2>, as plain
 * text of at most REASON_MAX characters; null when the page names none. Scripts and styles are
 * left out before looking.
 */
export function pageReason(html: string): string | null {
  const page = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  for (const tag of ['title', 'h1', 'h2']) {
    const text = elementText(page, tag);
    if (text) return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
  }
  return null;
}

/**
 * A setpoint the device took: the device keeps targets on its 1/8 °C grid, so it may answer a
 * neighbouring step of what was asked (22.1 → 22.125 or 22.0). Within one step counts as taken.
 */
export const isTaken = (asked: number, kept: number | null): boolean =>
  kept !== null && Number.isFinite(kept) && Math.abs(kept - asked) <= SETPOINT_STEP + 1e-9;
