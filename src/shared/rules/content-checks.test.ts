import { describe, expect, it } from 'vitest';
import { buildLinkMatrix, findContentWarnings, GMAIL_CLIP_BYTES } from './content-checks';

describe('buildLinkMatrix', () => {
  const cards = [
    { id: 'main', label: 'Email 1', csvFileName: 'links.csv' },
    { id: 'text-1', label: 'Text 1', csvFileName: 'sms-links.csv' },
  ];

  it('says per vendor and card whether a link was found and from which file', () => {
    const matrix = buildLinkMatrix(['acme1234', 'bravo5678'], cards, {
      main: { acme1234: 'https://x.example/a', bravo5678: 'https://x.example/b' },
      'text-1': { acme1234: 'https://x.example/c', bravo5678: '' },
    });
    expect(matrix.rows).toEqual([
      {
        vendorId: 'acme1234',
        isComplete: true,
        cells: [
          { cardId: 'main', hasLink: true, link: 'https://x.example/a', fileName: 'links.csv' },
          { cardId: 'text-1', hasLink: true, link: 'https://x.example/c', fileName: 'sms-links.csv' },
        ],
      },
      {
        vendorId: 'bravo5678',
        isComplete: false,
        cells: [
          { cardId: 'main', hasLink: true, link: 'https://x.example/b', fileName: 'links.csv' },
          { cardId: 'text-1', hasLink: false, link: null, fileName: null },
        ],
      },
    ]);
    expect(matrix).toMatchObject({ missingCount: 1, isComplete: false });
  });

  it('is complete with nothing selected', () => {
    expect(buildLinkMatrix([], cards, {})).toEqual({ rows: [], missingCount: 0, isComplete: true });
  });
});

describe('findContentWarnings', () => {
  const today = '2026-03-14';

  it('warns about end dates before today in New York, not today itself', () => {
    const warnings = findContentWarnings({
      emailCards: [
        { id: 'main', endDate: '2026-03-13', htmlContent: '<p>x</p>' },
        { id: 'email-2', endDate: '2026-03-14', htmlContent: '<p>x</p>' },
        { id: 'email-3', endDate: null, htmlContent: '<p>x</p>' },
      ],
      textCards: [{ id: 'text-1', endDate: '2026-03-14T03:30:00.000Z', content: 'Hi' }], // 23:30 on the 13th in New York
      today,
    });
    expect(warnings).toEqual([
      { cardId: 'main', kind: 'end-date-past', message: 'Email 1: the end date, March 13, 2026, is in the past.' },
      { cardId: 'text-1', kind: 'end-date-past', message: 'Text 1: the end date, March 13, 2026, is in the past.' },
    ]);
  });

  it('warns about HTML over 102 KB', () => {
    const warnings = findContentWarnings({
      emailCards: [
        { id: 'main', endDate: null, htmlContent: 'a'.repeat(GMAIL_CLIP_BYTES) },
        { id: 'email-2', endDate: null, htmlContent: 'é'.repeat(60_000) },
      ],
      textCards: [],
      today,
    });
    expect(warnings).toEqual([
      {
        cardId: 'email-2',
        kind: 'html-too-large',
        message: 'Email 2: the HTML is 117.2 KB. Gmail clips messages over 102 KB.',
      },
    ]);
  });

  it('warns about SMS copy over one segment and about non-GSM characters', () => {
    const warnings = findContentWarnings({
      emailCards: [],
      textCards: [
        { id: 'text-1', endDate: null, content: 'a'.repeat(161) },
        { id: 'text-2', endDate: null, content: 'It’s time\t' },
        { id: 'text-3', endDate: null, content: 'Short and plain' },
      ],
      today,
    });
    expect(warnings).toEqual([
      {
        cardId: 'text-1',
        kind: 'sms-segments',
        message: 'Text 1: 161 characters make 2 SMS segments (GSM-7, 153 per segment).',
      },
      {
        cardId: 'text-2',
        kind: 'sms-encoding',
        message:
          "Text 2: '’', U+0009 are not in the GSM-7 alphabet, so the message is sent as UCS-2 (70 characters per SMS, 67 when split).",
      },
    ]);
  });
});
