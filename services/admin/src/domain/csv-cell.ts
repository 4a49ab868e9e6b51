/**
 * A spreadsheet reads a cell starting with `=`, `+`, `-` or `@` (and tab or carriage return, which some
 * strip first) as a formula: such a cell is prefixed with `'` so that it stays text (OWASP "CSV
 * injection").
 */
export function escapeCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
