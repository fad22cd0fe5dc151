import { describe, expect, it } from 'vitest';
import { base64ByteLength, escapeHtml, formatKb, utf8ByteLength } from './format';

describe('formatKb', () => {
  it('gives kilobytes of 1024 bytes to one decimal', () => {
    expect(formatKb(0)).toBe('0.0 KB');
    expect(formatKb(1024)).toBe('1.0 KB');
    expect(formatKb(12_595)).toBe('12.3 KB');
    expect(formatKb(102 * 1024)).toBe('102.0 KB');
    expect(formatKb(5 * 1024 * 1024)).toBe('5,120.0 KB');
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('utf8ByteLength', () => {
  it('matches TextEncoder', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀é€\n', '\ud800x']) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe('base64ByteLength', () => {
  it('counts decoded bytes', () => {
    expect(base64ByteLength('')).toBe(0);
    expect(base64ByteLength('YQ==')).toBe(1);
    expect(base64ByteLength('YWI=')).toBe(2);
    expect(base64ByteLength('YWJj')).toBe(3);
    expect(base64ByteLength('data:image/png;base64,YWJj')).toBe(3);
    expect(base64ByteLength('YWJj\nYWJj')).toBe(6);
  });
});
