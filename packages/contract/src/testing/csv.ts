/**
 * Reads CSV back as a spreadsheet would (RFC 4180: quoted cells may hold the separator, quotes
 * doubled, line breaks; CRLF or LF between rows), with the separator of the locale: `,`, or `;`
 * as German Excel reads it. A leading UTF-8 BOM is noted and dropped. Written for the tests of
 * the building export, independent of the server's writer.
 */
export function parseCsv(
  text: string,
  separator: ',' | ';' = ',',
): { bom: boolean; rows: string[][] } {
  const bom = text.startsWith('\uFEFF');
  const source = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += char;
      i++;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && source[i + 1] === '\n') {
      // the LF ends the row
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return { bom, rows };
}

/** A number as a locale writes it: `21,5` with a decimal comma; an empty cell is null. */
export function parseLocaleNumber(cell: string, decimalComma: boolean): number | null {
  if (cell === '') return null;
  const pattern = decimalComma ? /^-?\d+(,\d+)?$/ : /^-?\d+(\.\d+)?$/;
  if (!pattern.test(cell)) throw new Error(`not a number: ${cell}`);
  return Number(cell.replace(',', '.'));
}
