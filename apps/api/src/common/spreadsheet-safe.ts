/** What makes a spreadsheet run a cell as a formula when it starts the cell. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * The same after a semicolon (spaces or quotes between): a spreadsheet whose list separator is ";" (most of
 * continental Europe) splits the row there, ignoring this file's commas and quotes, so `x;=1+1` would be two
 * cells, the second a formula.
 */
const FORMULA_AFTER_SEMICOLON = /(;[\s"]*)([=+\-@])/g;

/**
 * Text of a CSV export cell made inert for spreadsheets: text a spreadsheet would run as a formula (=, +, -, @
 * first, or after a semicolon: names and descriptions are anyone's input) gets an apostrophe before it. Shared
 * by every CSV the API writes (orders, catalogue); imports keep cells exactly as they are (docs/security.md).
 */
export function spreadsheetSafe(value: string): string {
  return (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_SEMICOLON, "$1'$2");
}
