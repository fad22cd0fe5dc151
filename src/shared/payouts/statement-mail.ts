import type { Statement } from '../contracts/statements';
import { escapeHtml } from '../email/format';
import { formatCents } from './money';
import { monthName } from './month';

export interface StatementMailInput {
  statement: Statement;
  /** The vendor's name as the vendor list has it now (the statement's own when the vendor is gone). */
  vendorName: string;
  /** The admin who sends it: their first name signs it. */
  signerFirstName: string;
}

export interface StatementMail {
  subject: string;
  html: string;
  text: string;
  /** The attached CSV's file name. */
  csvFileName: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Paid, carried forward (a total below zero is never paid), or to be paid. */
function paymentSentence(statement: Statement): string {
  if (statement.owedCents < 0) {
    return `Nothing is paid for this month: the balance of ${formatCents(statement.owedCents)} is carried forward to your ${monthName(
      statement.carriedTo ?? statement.month,
    )} statement${statement.carriedTo ? '' : ' that follows'}.`;
  }
  if (statement.paid) return `It was paid on ${statement.paid.paidOn} (reference ${statement.paid.reference}).`;
  return 'Payment follows under your terms.';
}

/**
 * The message a vendor receives with its finalized statement: a summary in the body (sends, adjustments, the total,
 * what could not be counted, whether it was paid), the CSV attached. Plain sentences, the same in HTML and text.
 */
export function composeStatementMail({ statement, vendorName, signerFirstName }: StatementMailInput): StatementMail {
  const period = monthName(statement.month);
  const sentences = [
    `Hi ${vendorName},`,
    `Your statement for ${period} is attached as a CSV file: ${plural(statement.lines.length, 'send', 'sends')}${
      statement.adjustments.length > 0
        ? ` and ${plural(statement.adjustments.length, 'adjustment', 'adjustments')} to earlier statements`
        : ''
    }, ${formatCents(statement.owedCents)} in total.`,
    ...(statement.unknownLines > 0
      ? [
          `${plural(statement.unknownLines, 'send has', 'sends have')} no amount yet (see the flags in the file) and ${
            statement.unknownLines === 1 ? 'is' : 'are'
          } not in the total.`,
        ]
      : []),
    ...statement.carried.map(
      (carried) => `${carried.wording}: ${formatCents(carried.owedCents)}, included in the total.`,
    ),
    paymentSentence(statement),
    'Reply to this message with any question about it.',
  ];
  const signature = signerFirstName ? `Thanks,\n${signerFirstName}` : 'Thanks';
  return {
    subject: `Statement for ${period}: ${vendorName}`,
    text: `${[...sentences, signature].join('\n\n')}\n`,
    html: [...sentences, signature]
      .map((sentence) => `<p>${escapeHtml(sentence).replaceAll('\n', '<br>')}</p>`)
      .join('\n'),
    csvFileName: `statement-${statement.vendorId}-${statement.month}.csv`,
  };
}
