import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { readStatement, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { APPROVALS, eventually, seedVendors } from '#server/testing/send-fixtures';
import { parseStrictly } from '#server/testing/strict-mail';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it } from '#server/testing/tracking-fixtures';

const DAY = 86_400_000;
const TIMEOUT_MS = 60_000;

const MARCH = [
  {
    'Lineitem ID': 'L1',
    Date: '2026-03-10 12:00:00',
    Amount: '100',
    'Reference Code': 'acme',
    'Donor Email': 'a@x.org',
  },
  {
    'Lineitem ID': 'L2',
    Date: '2026-03-10 13:00:00',
    Amount: '50',
    'Reference Code': 'acme',
    'Donor Email': 'b@x.org',
  },
];

describe("'Send statement': the finalized statement mailed to the vendor through the delivery queue", () => {
  it(
    'mails the summary and the CSV to the vendor, copying the approval addresses, once; its status is in the statement',
    async ({ app, admin, member, smtp, t }) => {
      await seedVendors(app, admin);
      await sendUnder(app, admin, 'Revshare', ['acme1234']);
      await importResults(app, admin, actBlueCsv(MARCH));
      const before = smtp.received.length;

      // Only a finalized statement is sent.
      const open = await statementAction(app, admin, 'acme1234', '2026-03', 'send');
      expect([open.statusCode, open.json().message]).toEqual([
        409,
        'The 2026-03 statement is still open: finalize it before sending it to the vendor.',
      ]);
      t.clock.advance(23 * DAY);
      expect((await statementAction(app, admin, 'acme1234', '2026-03', 'finalize')).statusCode).toBe(200);

      // Two clicks at once queue one message.
      const [first, second] = await Promise.all([
        statementAction(app, admin, 'acme1234', '2026-03', 'send'),
        statementAction(app, admin, 'acme1234', '2026-03', 'send'),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const refused = [first, second].find((answer) => answer.statusCode === 409)!.json().message as string;
      expect(refused).toMatch(
        /^This statement was already sent to the vendor \(queued \d{4}-\d{2}-\d{2} by admin@agency\.test; its message is (pending|sending|sent)\)\.$/,
      );

      await eventually(
        () => readStatement(app, member, 'acme1234', '2026-03'),
        (statement) => statement.mail?.status === 'sent',
        TIMEOUT_MS,
      );
      const statement = await readStatement(app, member, 'acme1234', '2026-03');
      expect(statement.mail).toMatchObject({
        status: 'sent',
        by: { email: 'admin@agency.test' },
        to: ['ops@acme.test', 'lists@acme.test'],
        cc: APPROVALS,
        lastError: null,
      });
      expect(smtp.received.length - before).toBe(1);

      const raw = smtp.received.at(-1)!.raw;
      const mail = await simpleParser(raw);
      expect(mail.subject).toBe('Statement for March 2026: Acme Leads');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((entry) => entry.address) : []).toEqual([
        'ops@acme.test',
        'lists@acme.test',
      ]);
      expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value.map((entry) => entry.address) : []).toEqual(APPROVALS);
      expect(mail.text).toContain('Your statement for March 2026 is attached as a CSV file: 1 send, $90.00 in total.');
      expect(mail.text).toContain('Payment follows under your terms.');
      expect(mail.html).toContain('<p>Hi Acme Leads,</p>');
      const csv = await app.inject({
        method: 'GET',
        url: '/api/statements/acme1234/2026-03.csv',
        headers: bearer(member),
      });
      expect(mail.attachments.map((file) => [file.filename, file.contentType, file.content.toString('utf8')])).toEqual([
        ['statement-acme1234-2026-03.csv', 'text/csv', csv.body],
      ]);
      // What a strict parser makes of it: no defects, the CSV whole.
      const [strict] = await parseStrictly([raw]);
      expect(strict!.defects).toEqual([]);
      expect(strict!.attachments.map((file) => file.filename)).toEqual(['statement-acme1234-2026-03.csv']);

      // Sending again once it went: refused, nothing mailed.
      const again = await statementAction(app, admin, 'acme1234', '2026-03', 'send');
      expect(again.statusCode).toBe(409);
      expect(smtp.received.length - before).toBe(1);

      // In the audit trail: who sent it and when.
      const audit = await app.inject({ method: 'GET', url: '/api/audit-log', headers: bearer(admin) });
      expect(audit.json().entries).toContainEqual(
        expect.objectContaining({
          actorEmail: 'admin@agency.test',
          action: 'statement-sent',
          entityId: 'acme1234/2026-03',
          after: { to: ['ops@acme.test', 'lists@acme.test'] },
        }),
      );
    },
    TIMEOUT_MS,
  );

  it('is for admins: 401 for strangers, 403 for members, nothing queued', async ({ app, admin, member, smtp }) => {
    await seedVendors(app, admin);
    const before = smtp.received.length;
    const anonymous = await app.inject({ method: 'POST', url: '/api/statements/acme1234/2026-03/send' });
    expect(anonymous.statusCode).toBe(401);
    const asMember = await statementAction(app, member, 'acme1234', '2026-03', 'send');
    expect([asMember.statusCode, asMember.json().message]).toEqual([403, expect.any(String)]);
    const unknown = await statementAction(app, admin, 'nobody99', '2026-03', 'send');
    expect(unknown.statusCode).toBe(404);
    expect(smtp.received).toHaveLength(before);
  });
});
