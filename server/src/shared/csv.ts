/**
 * CSV as spreadsheets read it (RFC 4180): fields separated by commas, records by CRLF, a field
 * quoted when it holds a comma, a quote, a line break or leading or trailing spaces, quotes doubled.
 *
 * App users type the answers, so a text that starts like a formula (`=`, `+`, `-`, `@`, a tab or a
 * carriage return) is prefixed with an apostrophe: opened in a spreadsheet it stays text instead of
 * running (OWASP "CSV injection"). Numbers the export writes itself are not touched.
 *
 * The file starts with a UTF-8 byte-order mark so that spreadsheet programs read Chinese answers
 * right instead of guessing a legacy code page.
 *
 * The one place CSV is written: the feedback export (domains/popups) and every list's streamed
 * export (shared/csv-export.ts) use these functions.
 */

/** The UTF-8 byte-order mark every CSV file starts with. */
export const CSV_BOM = '\uFEFF';

/** One CSV cell: strings are user text (formulas neutralised), numbers the export's own. */
export type CsvCell = string | number | null;

/** A user-typed text made safe to open in a spreadsheet. */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(value: CsvCell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvLine(row: ReadonlyArray<CsvCell>): string {
  return `${row.map(field).join(',')}\r\n`;
}

/** The CSV text of a header and rows (strings are user text, numbers the export's own). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
}
