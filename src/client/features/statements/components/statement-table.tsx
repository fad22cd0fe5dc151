import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Statement, StatementLine } from '#shared/contracts/statements';
import { formatCents } from '#shared/payouts/money';
import { Badge } from '#client/components/ui/badge';
import { ScrollTable } from '#client/components/ui/scroll-table';
import { carriedToNote, formatNewYorkDay, owedText, quantityParts, totalNote } from '../utils/statement-text';

const number = (value: number) => value.toLocaleString('en-US');
const cellClass = 'px-3 py-2 align-top';
const numberClass = `${cellClass} text-right tabular-nums whitespace-nowrap`;

/** A link to the send in the Deployment Log: its Details open, among the vendor's sends. */
function SendLink({ vendorId, sendId, children }: { vendorId: string; sendId: number; children: ReactNode }) {
  return (
    <Link
      to={`/deployment-log?${new URLSearchParams({ vendor: vendorId, send: String(sendId) }).toString()}`}
      className="text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
    </Link>
  );
}

/** The quantity counted, with a larger claim under it in smaller type. */
function QuantityCell({ line }: { line: StatementLine }) {
  const { counted, claim } = quantityParts(line);
  return (
    <>
      {counted}
      {claim ? (
        <>
          {' '}
          <span className="block whitespace-normal text-[13px] text-slate-600">{claim}</span>
        </>
      ) : null}
    </>
  );
}

/**
 * A statement's lines, adjustments and total, as one table: on the Statements screen (with the admins' action per line)
 * and in the printable statement (without). An amount nobody knows shows its flag, never $0.00.
 */
export function StatementTable({
  statement,
  lineAction,
}: {
  statement: Statement;
  /** What an admin may do on a line (accept a reported quantity), under its amount; none in print. */
  lineAction?: (line: StatementLine) => ReactNode;
}) {
  const columns = 9;
  const note = totalNote(statement);
  const carriedTo = carriedToNote(statement);
  return (
    <ScrollTable
      label="Statement lines"
      caption={`Statement lines, adjustments and total owed for ${statement.vendorName ?? statement.vendorId}`}
      className="statement-table relative min-w-0 overflow-x-auto rounded-[var(--radius-card)] border border-slate-200"
      tableClassName="w-full min-w-[56rem] border-collapse text-sm"
    >
      <thead className="bg-slate-50 text-left text-[13px] text-slate-700">
        <tr>
          <th scope="col" className={cellClass}>
            Date
          </th>
          <th scope="col" className={cellClass}>
            Client
          </th>
          <th scope="col" className={cellClass}>
            Pricing model and terms
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            Contributions
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            Donors
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            New donors
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            Net
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            Quantity
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            Owed
          </th>
        </tr>
      </thead>
      <tbody>
        {statement.lines.length === 0 ? (
          <tr>
            <td colSpan={columns} className="px-3 py-6 text-center text-slate-600">
              No sends to this vendor in this month.
            </td>
          </tr>
        ) : null}
        {statement.lines.map((line) => (
          <tr key={line.sendId} data-testid={`statement-line-${line.sendId}`} className="border-t border-slate-200">
            <th scope="row" className={`${cellClass} whitespace-nowrap text-left font-normal tabular-nums`}>
              <SendLink vendorId={statement.vendorId} sendId={line.sendId}>
                {formatNewYorkDay(line.sentAt)}
                <span className="sr-only">, send {line.sendId} in the Deployment Log</span>
              </SendLink>
            </th>
            <td className={cellClass}>{line.clientName ?? line.client ?? 'Unknown client'}</td>
            <td className={`${cellClass} min-w-[10rem]`}>
              <span className="font-medium">{line.pricingModel ?? 'No pricing model'}</span>
              <span className="block text-[13px] text-slate-600">{line.termsWording}</span>
            </td>
            <td className={numberClass}>{number(line.contributions)}</td>
            <td className={numberClass}>{number(line.donors)}</td>
            <td className={numberClass}>{number(line.newDonors)}</td>
            <td className={numberClass}>{formatCents(line.netCents)}</td>
            <td className={numberClass}>
              <QuantityCell line={line} />
            </td>
            <td className={numberClass}>
              {line.owedCents === null ? <Badge tone="warning">{owedText(line)}</Badge> : owedText(line)}
              {line.flags.includes('Needs review') ? (
                <span className="mt-1 block">
                  <Badge tone="warning">Needs review</Badge>
                </span>
              ) : null}
              {/* The admin's answer to a flag sits under it. */}
              {lineAction ? <span className="mt-1 block empty:hidden">{lineAction(line)}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
      {statement.adjustments.length > 0 ? (
        <tbody>
          <tr className="border-t border-slate-300 bg-slate-50">
            <th scope="rowgroup" colSpan={columns} className={`${cellClass} text-left text-[13px] text-slate-700`}>
              Adjustments to finalized statements
            </th>
          </tr>
          {statement.adjustments.map((adjustment) => (
            <tr key={`${adjustment.sendId}-${adjustment.fromMonth}`} className="border-t border-slate-200">
              <th scope="row" className={`${cellClass} whitespace-nowrap text-left font-normal`}>
                <SendLink vendorId={statement.vendorId} sendId={adjustment.sendId}>
                  Send {adjustment.sendId}
                </SendLink>
              </th>
              <td colSpan={7} className={cellClass}>
                {adjustment.reason}{' '}
                <span className="text-[13px] text-slate-600">(finalized on the {adjustment.fromMonth} statement)</span>
              </td>
              <td className={numberClass}>{formatCents(adjustment.owedCents)}</td>
            </tr>
          ))}
        </tbody>
      ) : null}
      {statement.carried.length > 0 ? (
        <tbody>
          <tr className="border-t border-slate-300 bg-slate-50">
            <th scope="rowgroup" colSpan={columns} className={`${cellClass} text-left text-[13px] text-slate-700`}>
              Balances carried forward
            </th>
          </tr>
          {statement.carried.map((carried) => (
            <tr key={carried.fromMonth} className="border-t border-slate-200" data-testid="carried-balance">
              <th scope="row" colSpan={8} className={`${cellClass} text-left font-normal`}>
                <Link
                  to={`/statements?vendor=${encodeURIComponent(statement.vendorId)}&month=${carried.fromMonth}`}
                  className="text-brand-700 underline-offset-2 hover:underline"
                >
                  {carried.wording}
                </Link>
              </th>
              <td className={numberClass}>{formatCents(carried.owedCents)}</td>
            </tr>
          ))}
        </tbody>
      ) : null}
      <tfoot>
        <tr className="border-t-2 border-slate-300 font-semibold">
          <th scope="row" colSpan={8} className={`${cellClass} text-left`}>
            Total owed
            {note ? <span className="block text-[13px] font-normal text-amber-800">{note}</span> : null}
            {carriedTo ? (
              <span className="block text-[13px] font-normal text-amber-800" data-testid="carried-to">
                {carriedTo}
              </span>
            ) : null}
          </th>
          <td className={numberClass}>{formatCents(statement.owedCents)}</td>
        </tr>
      </tfoot>
    </ScrollTable>
  );
}
