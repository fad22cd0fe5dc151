import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** One key per purpose, derived from SECRET_KEY with HKDF-SHA256, so a key for one use never serves another. */
function deriveKey(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'dispatch', purpose, 32));
}

const VERSION = 'v1';

/**
 * AES-256-GCM: `v1.<iv|tag|ciphertext, base64url>`. `context` (e.g. the user id) is authenticated but not stored,
 * so a ciphertext copied to another row does not decrypt.
 */
export function createSecretBox(secretKey: string, purpose: string) {
  const key = deriveKey(secretKey, `encrypt:${purpose}`);
  return {
    encrypt(plain: string, context = ''): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** The plain text, or null when the value was not made by this box (other key, other context, altered). */
    decrypt(sealed: string, context = ''): string | null {
      const [version, data] = sealed.split('.');
      if (version !== VERSION || !data) return null;
      const bytes = Buffer.from(data, 'base64url');
      if (bytes.length < 28) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** HMAC-SHA256 signed JSON: `<payload>.<signature>`, both base64url. Readable by anyone, forgeable by no one. */
export function createSigner(secretKey: string, purpose: string) {
  const key = deriveKey(secretKey, `sign:${purpose}`);
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(value: unknown): string {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },
    /** The signed value, or null when the signature does not match. */
    verify(signed: string): unknown {
      const [payload, signature, extra] = signed.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = signatureOf(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}

export type Signer = ReturnType<typeof createSigner>;
