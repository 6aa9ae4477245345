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

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and one line per row, CRLF as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  const lines = [header.map(cell).join(',')];
  for (const row of rows) lines.push(row.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
