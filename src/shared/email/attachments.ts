import type { ComposeInput } from './compose-input';
import { base64ByteLength, orPlaceholder, utf8ByteLength } from './format';

export interface ComposedAttachment {
  filename: string;
  contentType: string;
  size: number;
}

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Each email card's HTML file and each text card's image, under their uploaded names, with sizes in bytes. */
export function composeAttachments(send: ComposeInput['send']): ComposedAttachment[] {
  const attachments: ComposedAttachment[] = [];
  send.emailCards.forEach((card, i) => {
    if (!card.htmlContent) return;
    const filename = orPlaceholder(card.filename, `email-${i + 1}.html`);
    attachments.push({ filename, contentType: 'text/html', size: utf8ByteLength(card.htmlContent) });
  });
  send.textCards.forEach((card, i) => {
    if (!card.fileContent) return;
    const filename = orPlaceholder(card.fileName, `text-${i + 1}-image`);
    const extension = filename.split('.').at(-1)?.toLowerCase() ?? '';
    const contentType = card.contentType?.trim() || IMAGE_TYPES[extension] || 'application/octet-stream';
    attachments.push({ filename, contentType, size: base64ByteLength(card.fileContent) });
  });
  return attachments;
}

