const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value as COPY's text format writes it: null as \N, and backslash, tab and line breaks escaped. */
export function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (char) => ESCAPES[char]!) : value;
}

/** One row of COPY's text format, with its line break. */
export function copyLine(values: readonly (string | number | null)[]): string {
  let line = copyValue(values[0] ?? null);
  for (let i = 1; i < values.length; i++) line += `\t${copyValue(values[i] ?? null)}`;
  return `${line}\n`;
}
