import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// What a strict parser makes of our messages: Python's `email` package under its default policy, which records every
// deviation from the RFCs it meets as a defect (an encoded word inside a quoted string, a bad fold, a broken
// parameter) instead of guessing past it as lenient parsers do.

const PARSER = join(import.meta.dirname, 'strict-mail-parser.py');

export interface Parsed {
  defects: string[];
  subject: string;
  from: string;
  attachments: { filename: string | null; name: string | null; contentType: string; content: string }[];
}

/** Each message as the strict parser reads it, in order: one Python process for all of them. */
export async function parseStrictly(messages: Buffer[]): Promise<Parsed[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-strict-mail-'));
  try {
    const paths = messages.map((raw, i) => {
      const path = join(dir, `${i}.eml`);
      writeFileSync(path, raw);
      return path;
    });
    const { stdout } = await promisify(execFile)('python3', [PARSER, ...paths], { maxBuffer: 64 * 1024 * 1024 });
    const reports = JSON.parse(stdout) as Record<string, Parsed>;
    return paths.map((path) => reports[path]!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
