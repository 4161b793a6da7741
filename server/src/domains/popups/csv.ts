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
 */

const BOM = '\uFEFF';

/** A user-typed text made safe to open in a spreadsheet. */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a header and rows (strings are user text, numbers the export's own). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `${BOM}${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
