import { describe, expect, it } from 'vitest';
import type { Statement } from '../contracts/statements';
import { composeStatementMail } from './statement-mail';

const statement = (overrides: Partial<Statement>): Statement => ({
  vendorId: 'acme1234',
  vendorName: 'Acme Leads',
  month: '2026-03',
  status: 'finalized',
  lines: [],
  adjustments: [],
  carried: [],
  owedCents: 0,
  carriedTo: null,
  unknownLines: 0,
  finalized: { at: '2026-04-02T12:00:00.000Z', by: { email: 'admin@agency.test' } },
  paid: null,
  mail: null,
  ...overrides,
});

describe('the statement mail', () => {
  it('names the month, counts the sends and adjustments, and gives the total', () => {
    const mail = composeStatementMail({
      statement: statement({
        lines: [{} as Statement['lines'][number], {} as Statement['lines'][number]],
        adjustments: [{ sendId: 1, fromMonth: '2026-02', owedCents: -300, reason: 'Refunded' }],
        owedCents: 123_456,
      }),
      vendorName: 'Acme Leads',
      signerFirstName: 'Dana',
    });
    expect(mail.subject).toBe('Statement for March 2026: Acme Leads');
    expect(mail.csvFileName).toBe('statement-acme1234-2026-03.csv');
    expect(mail.text).toBe(
      [
        'Hi Acme Leads,',
        'Your statement for March 2026 is attached as a CSV file: 2 sends and 1 adjustment to earlier statements, $1,234.56 in total.',
        'Payment follows under your terms.',
        'Reply to this message with any question about it.',
        'Thanks,\nDana',
      ].join('\n\n') + '\n',
    );
  });

  it('says what is not in the total, and when it was paid', () => {
    const mail = composeStatementMail({
      statement: statement({
        lines: [{} as Statement['lines'][number]],
        unknownLines: 1,
        paid: { paidOn: '2026-04-10', reference: 'Check 1042', at: '', by: { email: '' } },
      }),
      vendorName: 'Acme',
      signerFirstName: '',
    });
    expect(mail.text).toContain('1 send has no amount yet (see the flags in the file) and is not in the total.');
    expect(mail.text).toContain('It was paid on 2026-04-10 (reference Check 1042).');
    expect(mail.text.endsWith('Thanks\n')).toBe(true);
  });

  it('escapes what a vendor name can hold in the HTML', () => {
    const mail = composeStatementMail({ statement: statement({}), vendorName: '<b>A&B</b>', signerFirstName: 'Dana' });
    expect(mail.html).toContain('<p>Hi &lt;b&gt;A&amp;B&lt;/b&gt;,</p>');
    expect(mail.html).toContain('<p>Thanks,<br>Dana</p>');
  });

  it('never says paid for a negative total: it says the balance is carried forward, and names a balance carried in', () => {
    const negative = composeStatementMail({
      statement: statement({ month: '2027-01', owedCents: -2000, carriedTo: '2027-02' }),
      vendorName: 'Acme Leads',
      signerFirstName: 'Dana',
    });
    expect(negative.text).toContain(
      'Nothing is paid for this month: the balance of -$20.00 is carried forward to your February 2027 statement.',
    );
    expect(negative.text).not.toMatch(/paid on/i);
    const carriedIn = composeStatementMail({
      statement: statement({
        month: '2027-02',
        owedCents: 4600,
        carried: [{ fromMonth: '2027-01', owedCents: -2000, wording: 'Balance carried forward from January 2027' }],
      }),
      vendorName: 'Acme Leads',
      signerFirstName: 'Dana',
    });
    expect(carriedIn.text).toContain('Balance carried forward from January 2027: -$20.00, included in the total.');
  });
});
