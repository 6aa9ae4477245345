import { describe, expect, it } from 'vitest';
import { csvLine, toCsv } from './csv.js';

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

  // Issue 31, 5: a mutation probe dropped \r from the quoting and the other leading characters
  // from the guard, and no test noticed.
  it('quotes a cell with a bare CR, which RFC 4180 readers take as a line break', () => {
    expect(toCsv(['a', 'b'], [['one\rtwo', 'x']])).toBe('a,b\r\n"one\rtwo",x\r\n');
    expect(toCsv(['a'], [['end\r']])).toBe('a\r\n"end\r"\r\n');
  });

  it.each([
    ['=', '=1+1', "'=1+1"],
    ['+', '+1+1', "'+1+1"],
    ['-', '-1+1', "'-1+1"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['tab', '\t=1', "'\t=1"],
  ])('defuses a text cell starting with %s', (_label, value, defused) => {
    expect(toCsv(['a'], [[value]])).toBe(`a\r\n${defused}\r\n`);
  });

  it('defuses a text cell starting with CR, and quotes it for the CR', () => {
    expect(toCsv(['a'], [['\r=1']])).toBe('a\r\n"\'\r=1"\r\n');
  });

  it('leaves text with those characters further in, and numbers, as they are', () => {
    expect(toCsv(['a', 'b', 'c'], [['a=b', 'x-y', -3]])).toBe('a,b,c\r\na=b,x-y,-3\r\n');
  });
});

describe('csvLine in the German dialect', () => {
  const german = { separator: ';', decimalComma: true } as const;
  it('writes decimal commas, quotes the semicolon but not the comma, still guards formulas', () => {
    expect(csvLine(['a;b', 'c,d', 21.53, -2.5, null, '=1+1'], german)).toBe(
      '"a;b";c,d;21,53;-2,5;;\'=1+1\r\n',
    );
  });
});
