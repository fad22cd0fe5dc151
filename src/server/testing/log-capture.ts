import type { LogDestination } from '../logging';

/** The app's JSON log lines, kept in memory: pass `stream` as the logger's destination, then read what was written. */
export function captureLogs() {
  const lines: string[] = [];
  const stream: LogDestination = { write: (line) => void lines.push(line) };
  return {
    stream,
    /** Everything written so far, as one text to search for secrets. */
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
