import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No file in src/ over 300 lines (issue 20): a file that long holds more than one concern; split it by meaning, one file
 * per concern named for what it holds (docs/architecture.md, rule 7), never by cutting at a line number.
 */
const MAX_LINES = 300;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under src/ with its line count (a last line without a newline counts too). */
function srcFiles(): { path: string; lines: number }[] {
  return readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const text = readFileSync(path, 'utf8');
      return {
        path: relative(root, path).split(sep).join('/'),
        lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      };
    });
}

describe('file size', () => {
  const files = srcFiles();

  it(`keeps every file in src/ at ${MAX_LINES} lines or fewer`, () => {
    const offenders = files.filter((file) => file.lines > MAX_LINES).map((file) => `${file.path}: ${file.lines} lines`);
    expect(offenders, `files in src/ over ${MAX_LINES} lines, to split by concern:\n${offenders.join('\n')}`).toEqual(
      [],
    );
  });
});
