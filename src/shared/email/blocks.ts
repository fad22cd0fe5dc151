import { escapeHtml } from './format';

/** One line of a section: a label and its value; an http(s) value can be shown as a link. */
export interface Row {
  label: string;
  value: string;
  isLink?: boolean;
  /** Text that keeps its line breaks (SMS copy). */
  isMultiline?: boolean;
}

/** The body as a neutral structure, drawn once as HTML and once as plain text so both carry the same content. */
export type Block =
  { kind: 'paragraph'; lines: string[] } | { kind: 'section'; title: string; rows: Row[]; isTabular?: boolean };

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1e293b;';
// A fixed label width lines the sections up with each other.
const LABEL_CELL = 'width:200px;padding:2px 12px 2px 0;color:#475569;vertical-align:top;';
const VALUE_CELL = 'padding:2px 0;vertical-align:top;';

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(value.trim());
}

function htmlText(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}

function htmlValue(row: Row): string {
  if (row.isLink && isHttpUrl(row.value)) {
    const href = escapeHtml(row.value.trim());
    return `<a href="${href}" style="color:#1d4ed8;word-break:break-all;">${href}</a>`;
  }
  return row.isMultiline ? htmlText(row.value) : escapeHtml(row.value);
}

function htmlBlock(block: Block): string {
  if (block.kind === 'paragraph') {
    return `<p style="margin:0 0 16px;">${block.lines.map(escapeHtml).join('<br>')}</p>`;
  }
  const numbers = block.isTabular ? 'font-variant-numeric:tabular-nums;' : '';
  const rows = block.rows
    .map(
      (row) =>
        `<tr><td style="${LABEL_CELL}">${escapeHtml(row.label)}</td><td style="${VALUE_CELL}${numbers}">${htmlValue(row)}</td></tr>`,
    )
    .join('');
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${FONT}border-collapse:collapse;margin:0 0 16px;">` +
    `<tr><td colspan="2" style="padding:0 0 4px;font-weight:bold;font-size:15px;">${escapeHtml(block.title)}</td></tr>` +
    `${rows}</table>`
  );
}

/** An inline-styled fragment: no external CSS, no scripts, tables for layout. */
export function renderHtml(blocks: readonly Block[]): string {
  return `<div style="${FONT}">${blocks.map(htmlBlock).join('')}</div>`;
}

function textBlock(block: Block): string {
  if (block.kind === 'paragraph') return block.lines.join('\n');
  const rows = block.rows.map((row) =>
    row.isMultiline && /[\r\n]/.test(row.value)
      ? `${row.label}:\n${row.value.replace(/\r\n?/g, '\n')}`
      : `${row.label}: ${row.value}`,
  );
  return [block.title, ...rows].join('\n');
}

export function renderText(blocks: readonly Block[]): string {
  return `${blocks.map(textBlock).join('\n\n')}\n`;
}
