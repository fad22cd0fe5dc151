import { describe, expect, it } from 'vitest';
import { bytesPerRow, formatBytes, progressFigures } from './import-progress';

describe('the import progress figures', () => {
  it('estimates bytes per row from the preview, counting the header line', () => {
    expect(bytesPerRow(1400, 9)).toBe(140);
    expect(bytesPerRow(1400, 0)).toBeNull();
  });

  it('tells the bytes sent and an estimated rows per second', () => {
    const figures = progressFigures(14 * 1024 * 1024, 140 * 1024 * 1024, 2000, 140);
    expect(figures.percent).toBe(10);
    expect(figures.bytesText).toBe('14.0 MB of 140.0 MB');
    // 14 MiB / 140 bytes a row = 104,857.6 rows in 2 s.
    expect(figures.rateText).toBe('about 52,429 rows/s');
  });

  it('tells no rate before a quarter second has passed or without the bytes per row', () => {
    expect(progressFigures(1000, 2000, 100, 100).rateText).toBeNull();
    expect(progressFigures(1000, 2000, 1000, null).rateText).toBeNull();
  });

  it('writes sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
