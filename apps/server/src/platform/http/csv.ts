import type { FastifyRequest } from 'fastify';

/**
 * CSV for our own endpoints (history, audit): `?format=csv` or `Accept: text/csv`. RFC 4180
 * quoting; a cell that a spreadsheet would run as a formula is prefixed with an apostrophe.
 */
export function wantsCsv(request: FastifyRequest): boolean {
  const { format } = (request.query ?? {}) as { format?: unknown };
  if (format === 'csv') return true;
  return /\btext\/csv\b/i.test(request.headers.accept ?? '');
}

/**
 * A CSV dialect: the separator and the decimal mark of numbers. `,` with `.` is RFC 4180's and
 * the default; German spreadsheets read `;` with a decimal comma (the building export).
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimalComma: boolean;
}
export const RFC_4180: CsvDialect = { separator: ',', decimalComma: false };

/**
 * One cell. Numbers are written as they are (with the dialect's decimal mark) and never
 * guarded: `-2.5` is a number, not a formula. Text is quoted when it holds the separator, a
 * quote or a line break.
 */
export function csvCell(value: unknown, dialect: CsvDialect = RFC_4180): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const text = String(value);
    return dialect.decimalComma ? text.replace('.', ',') : text;
  }
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const quote = dialect.separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return quote.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ended by CRLF as RFC 4180 asks. */
export function csvLine(cells: readonly unknown[], dialect: CsvDialect = RFC_4180): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += dialect.separator;
    line += csvCell(cells[i], dialect);
  }
  return `${line}\r\n`;
}

/** A header row and one line per row, CRLF as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let text = csvLine(header);
  for (const row of rows) text += csvLine(row);
  return text;
}
