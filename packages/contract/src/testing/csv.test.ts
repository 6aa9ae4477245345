import { describe, expect, it } from 'vitest';
import { parseCsv, parseLocaleNumber } from './csv.js';

describe('parseCsv', () => {
  it('reads German CSV: BOM, semicolons, quoted cells with separators, quotes and breaks', () => {
    const text = '\uFEFFRaum;Wert\r\n"Büro; ""Nord""";21,5\r\n"zwei\r\nZeilen";\r\n';
    expect(parseCsv(text, ';')).toEqual({
      bom: true,
      rows: [
        ['Raum', 'Wert'],
        ['Büro; "Nord"', '21,5'],
        ['zwei\r\nZeilen', ''],
      ],
    });
  });

  it('reads commas as text under the German separator, and as separators under the English', () => {
    expect(parseCsv('a,b;c\n', ';').rows).toEqual([['a,b', 'c']]);
    expect(parseCsv('a,b;c\n', ',').rows).toEqual([['a', 'b;c']]);
  });

  it('reads numbers with the locale decimal mark', () => {
    expect(parseLocaleNumber('21,53', true)).toBe(21.53);
    expect(parseLocaleNumber('-2.5', false)).toBe(-2.5);
    expect(parseLocaleNumber('', true)).toBeNull();
    expect(() => parseLocaleNumber('21.5', true)).toThrow();
  });
});
