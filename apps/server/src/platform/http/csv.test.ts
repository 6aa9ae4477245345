import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, leaves empty cells for missing values', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          [1, 'x,"y"', null],
          [20.5, 'two\nlines', undefined],
        ],
      ),
    ).toBe('a,b,c\r\n1,"x,""y""",\r\n20.5,"two\nlines",\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv(['name', 'delta'], [['=HYPERLINK("x")', -2.5]])).toBe(
      'name,delta\r\n"\'=HYPERLINK(""x"")",-2.5\r\n',
    );
  });
});
