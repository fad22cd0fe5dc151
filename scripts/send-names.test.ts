import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * One name for a send in the code (decisions 0030 and 0043): no file or identifier in src/ calls it an "email log" or a
 * "past send". The public paths (/api/email-logs/...), the screens' labels and the tables keep their names, and so do
 * the Drizzle objects that stand for the tables (`emailLogs`, `emailDeliveries`): they name a table, not the concept.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OLD_FILE_NAME = /(^|[/.-])(email-logs?|past-sends?)([/.-]|$)/;
const OLD_IDENTIFIER = /\b\w*(EmailLog|PastSend|EMAIL_LOG|PAST_SEND|emailLog(?!s\b)|pastSend)\w*/g;

it('names a send `send` in the file names and identifiers of src/', () => {
  const files = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const found = files.flatMap((path) => {
    const name = relative(root, path).split(sep).join('/');
    const identifiers = [...new Set(readFileSync(path, 'utf8').match(OLD_IDENTIFIER) ?? [])];
    return [
      ...(OLD_FILE_NAME.test(name) ? [`${name}: the file's name`] : []),
      ...identifiers.map((identifier) => `${name}: ${identifier}`),
    ];
  });
  expect(found, `old names of a send:\n${found.join('\n')}`).toEqual([]);
});
