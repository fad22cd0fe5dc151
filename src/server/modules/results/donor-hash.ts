import { createHmac, hkdfSync } from 'node:crypto';

/**
 * The keyed hash a donor is known by (the first 64 bits of HMAC-SHA256 of the normalised e-mail, as the decimal text of a
 * signed 64-bit integer: a collision among a million donors has odds of about 1 in 40 million), with a key derived from the server
 * secret for this purpose alone: the same e-mail gives the same hash for every import and the prior donor file, and no
 * one without the secret can test an address against it. Repeated addresses are answered from a bounded memo, since an
 * export repeats its donors.
 */
export function createDonorHasher(secretKey: string | undefined): (normalisedEmail: string) => string {
  const key = secretKey ? Buffer.from(hkdfSync('sha256', secretKey, 'dispatch', 'hash:donor-email', 32)) : undefined;
  const memo = new Map<string, string>();
  return (email) => {
    if (!key) throw new Error('SECRET_KEY must be resolved before the app is built');
    let hash = memo.get(email);
    if (hash === undefined) {
      hash = createHmac('sha256', key).update(email).digest().readBigInt64BE(0).toString();
      if (memo.size >= 100_000) memo.clear();
      memo.set(email, hash);
    }
    return hash;
  };
}
