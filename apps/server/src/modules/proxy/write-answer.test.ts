import { describe, expect, it } from 'vitest';
import { decodeEntities, isJsonAnswer, isPage, isTaken, pageReason } from './write-answer.js';

describe('a device’s answer to a write', () => {
  it('is JSON by its type or by an object or array that parses', () => {
    expect(isJsonAnswer('application/json; charset=utf-8', 'kaputt')).toBe(true);
    expect(isJsonAnswer('text/html', '{"id":1}')).toBe(true);
    expect(isJsonAnswer('text/html', '[1]')).toBe(true);
    expect(isJsonAnswer('text/html', 'OK')).toBe(false);
    expect(isJsonAnswer('', '{kein json')).toBe(false);
  });

  it('is a page when it holds HTML markup or is too long for an "OK"', () => {
    expect(isPage('OK')).toBe(false);
    expect(isPage('')).toBe(false);
    expect(isPage(' ok\n')).toBe(false);
    expect(isPage('<!DOCTYPE html><p>x</p>')).toBe(true);
    expect(isPage('<h1>Server Error (500)</h1>')).toBe(true);
    expect(isPage('Traceback '.repeat(30))).toBe(true);
  });

  it('gives the title, else the first h1, else h2, as decoded text of at most 200 characters', () => {
    expect(pageReason('<html><head><title> Fehler &amp;\n\t Co </title></head></html>')).toBe(
      'Fehler & Co',
    );
    expect(
      pageReason('<title></title><h2>zweite</h2><h1 class="x">Erste <b>Ü</b>berschrift</h1>'),
    ).toBe('Erste Überschrift');
    expect(pageReason('<body><h2>Nur &#x48;2 &#72;</h2></body>')).toBe('Nur H2 H');
    expect(pageReason('<script>"<title>nicht</title>"</script><p>nichts</p>')).toBeNull();
    expect(pageReason('<p>kein Titel</p>')).toBeNull();
    const long = pageReason(`<title>${'a'.repeat(300)}</title>`)!;
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('decodes the references it knows and leaves unknown ones', () => {
    expect(decodeEntities('Au&szlig;en &deg;C &#8364; &#0; &unbekannt; &#x110000;')).toBe(
      'Außen °C €  &unbekannt; ',
    );
  });
});

describe('a setpoint the device took', () => {
  it('counts within one 1/8 °C step as taken', () => {
    expect(isTaken(22.1, 22.125)).toBe(true);
    expect(isTaken(22.1, 22)).toBe(true);
    expect(isTaken(23, 23)).toBe(true);
    expect(isTaken(22.5, 22.25)).toBe(false);
    expect(isTaken(23, 21)).toBe(false);
    expect(isTaken(23, null)).toBe(false);
    expect(isTaken(23, Number.NaN)).toBe(false);
  });
});
