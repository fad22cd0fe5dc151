import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** SECRET_KEY when set; otherwise the embedded install's generated key, created once in DATA_DIR. */
export function resolveSecretKey(secretKey: string | undefined, dataDir: string): string {
  if (secretKey) return secretKey;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}
