import { describe, expect, it } from 'vitest';
import { acceptAttribute, EMAIL_CARD_FILES, fileKind, invalidFileMessage, TEXT_CARD_FILES } from './accepted-files';

describe('accepted files', () => {
  it('takes html, htm and csv on email cards, csv and images on text cards, by extension in any case', () => {
    expect(fileKind('Creative.HTM', EMAIL_CARD_FILES)).toBe('html');
    expect(fileKind('links.csv', EMAIL_CARD_FILES)).toBe('csv');
    expect(fileKind('photo.png', EMAIL_CARD_FILES)).toBeNull();
    expect(fileKind('photo.JPEG', TEXT_CARD_FILES)).toBe('image');
    expect(fileKind('page.html', TEXT_CARD_FILES)).toBeNull();
    expect(fileKind('noextension', TEXT_CARD_FILES)).toBeNull();
    expect(acceptAttribute(TEXT_CARD_FILES)).toBe('.csv,.png,.jpg,.jpeg,.gif,.webp');
  });

  it('uses the exact Invalid file type messages', () => {
    expect(invalidFileMessage('a.pdf', EMAIL_CARD_FILES, true)).toBe('Please select an HTML or CSV file.');
    expect(invalidFileMessage('a.pdf', ['html'], true)).toBe('Please select an HTML file.');
    expect(invalidFileMessage('a.pdf', ['csv'], true)).toBe('Please select a CSV file.');
    expect(invalidFileMessage('a.pdf', EMAIL_CARD_FILES, false)).toBe(
      'Unsupported file: a.pdf. Please select HTML or CSV files.',
    );
    expect(invalidFileMessage('a.pdf', TEXT_CARD_FILES, true)).toBe(
      'Unsupported file: a.pdf. Please select CSV or image files.',
    );
  });
});
