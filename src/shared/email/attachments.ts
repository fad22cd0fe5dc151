import { defaultFileName, HTML_TYPE, imageTypeOf } from '../file-kinds';
import type { ComposeInput } from './compose-input';
import { base64ByteLength, orPlaceholder, utf8ByteLength } from './format';

export interface ComposedAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** Each email card's HTML file and each text card's image, under their uploaded names, with sizes in bytes. */
export function composeAttachments(send: ComposeInput['send']): ComposedAttachment[] {
  const attachments: ComposedAttachment[] = [];
  send.emailCards.forEach((card, i) => {
    if (!card.htmlContent) return;
    const filename = orPlaceholder(card.filename, defaultFileName.emailHtml(i));
    attachments.push({ filename, contentType: HTML_TYPE, size: utf8ByteLength(card.htmlContent) });
  });
  send.textCards.forEach((card, i) => {
    if (!card.fileContent) return;
    const filename = orPlaceholder(card.fileName, defaultFileName.textImage(i));
    const contentType = card.contentType?.trim() || imageTypeOf(filename);
    attachments.push({ filename, contentType, size: base64ByteLength(card.fileContent) });
  });
  return attachments;
}
