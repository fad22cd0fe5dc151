import { describe, expect, it } from 'vitest';
import {
  declaredImageType,
  defaultFileName,
  extensionOf,
  fileKindOf,
  IMAGE_MIME_TYPES,
  imageTypeOf,
} from './file-kinds';

describe('file kinds', () => {
  it('reads the kind and the image type from the extension, in any case', () => {
    expect(extensionOf('Spring.Appeal.HTM')).toBe('htm');
    expect(extensionOf('png')).toBe('');
    expect(fileKindOf('Creative.HTM')).toBe('html');
    expect(fileKindOf('links.CSV')).toBe('csv');
    expect(fileKindOf('photo.JPEG')).toBe('image');
    expect(fileKindOf('notes.pdf')).toBeUndefined();
    expect(fileKindOf('x.constructor')).toBeUndefined();
    expect(imageTypeOf('sms.PNG')).toBe('image/png');
    expect(imageTypeOf('photo.jpg')).toBe('image/jpeg');
    expect(imageTypeOf('text-1-image')).toBe('application/octet-stream');
    expect(IMAGE_MIME_TYPES).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  });

  it("takes an image's declared type from the send's list by name, trimmed and in lowercase", () => {
    const images = [{ filename: 'sms.png', contentType: ' IMAGE/PNG ' }];
    expect(declaredImageType(images, ' sms.png')).toBe('image/png');
    expect(declaredImageType(images, 'other.png')).toBeNull();
    expect(declaredImageType(images, null)).toBeNull();
    expect(declaredImageType(undefined, 'sms.png')).toBeNull();
  });

  it('names files uploaded without a name by their card', () => {
    expect([
      defaultFileName.emailHtml(0),
      defaultFileName.emailCsv(1),
      defaultFileName.textImage(0),
      defaultFileName.textCsv(2),
    ]).toEqual(['email-1.html', 'email-2-links.csv', 'text-1-image', 'text-3-links.csv']);
  });
});
