import { describe, expect, it } from 'vitest';
import { createSecretBox, createSigner } from './secret-box';

const KEY = 'k'.repeat(40);

describe('createSecretBox', () => {
  it('round-trips, with a fresh IV each time', () => {
    const box = createSecretBox(KEY, 'tokens');
    const a = box.encrypt('1//refresh-token', '7');
    expect(a).not.toBe(box.encrypt('1//refresh-token', '7'));
    expect(a).not.toContain('refresh');
    expect(box.decrypt(a, '7')).toBe('1//refresh-token');
  });

  it('refuses another key, another purpose, another context and any alteration', () => {
    const sealed = createSecretBox(KEY, 'tokens').encrypt('secret', '7');
    expect(createSecretBox('j'.repeat(40), 'tokens').decrypt(sealed, '7')).toBeNull();
    expect(createSecretBox(KEY, 'cookie').decrypt(sealed, '7')).toBeNull();
    expect(createSecretBox(KEY, 'tokens').decrypt(sealed, '8')).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(createSecretBox(KEY, 'tokens').decrypt(`v1.${bytes.toString('base64url')}`, '7')).toBeNull();
    expect(createSecretBox(KEY, 'tokens').decrypt('garbage', '7')).toBeNull();
  });
});

describe('createSigner', () => {
  it('verifies its own signature and nothing else', () => {
    const signer = createSigner(KEY, 'state');
    const signed = signer.sign({ n: 'abc', exp: 1 });
    expect(signer.verify(signed)).toEqual({ n: 'abc', exp: 1 });
    expect(createSigner(KEY, 'other').verify(signed)).toBeNull();
    const [payload, signature] = signed.split('.');
    const forged = Buffer.from(JSON.stringify({ n: 'abc', exp: 9e15 })).toString('base64url');
    expect(signer.verify(`${forged}.${signature}`)).toBeNull();
    expect(signer.verify(`${payload}.`)).toBeNull();
    expect(signer.verify(`${signed}.extra`)).toBeNull();
  });
});
