import { describe, expect, it } from 'vitest';
import { sameParts } from './use-memo-by-parts';

describe('the parts a send page memo follows', () => {
  it('are the same when every part is the same value in the same place, whatever holds them', () => {
    const links = { acme: 'https://example.org/?utm_source=acme' };
    expect(sameParts(['main', 'email', links, null], ['main', 'email', links, null])).toBe(true);
    expect(sameParts([NaN], [NaN])).toBe(true);
  });

  it('differ on a changed part, an equal object that is another object, or another count of cards', () => {
    expect(sameParts(['main', 'a'], ['main', 'b'])).toBe(false);
    expect(sameParts([{ acme: 'x' }], [{ acme: 'x' }])).toBe(false);
    expect(sameParts(['main'], ['main', 'email'])).toBe(false);
  });
});
