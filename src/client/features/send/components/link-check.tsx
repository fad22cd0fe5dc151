import { Check, X } from 'lucide-react';
import { memo } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import type { LinkMatrix } from '#shared/rules/content-checks';
import type { CardRef } from '#shared/rules/validation';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { ColumnHeads } from '#client/components/ui/column-heads';
import type { CsvReport } from '../hooks/use-csv-links';

interface LinkCheckProps {
  matrix: LinkMatrix;
  cards: readonly CardRef[];
  vendors: readonly Vendor[];
  reports: Readonly<Record<string, CsvReport>>;
  cardLabels: Readonly<Record<string, string>>;
}

const sameContent = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The matrix and labels are derived anew on each change of the cards; their text is what the cells show. */
const showsTheSame = (a: LinkCheckProps, b: LinkCheckProps) =>
  a.vendors === b.vendors &&
  a.reports === b.reports &&
  sameContent(a.matrix, b.matrix) &&
  sameContent(a.cards, b.cards) &&
  sameContent(a.cardLabels, b.cardLabels);

/**
 * Selected vendors × cards: which cells have a link, and what in the CSVs matched nothing. Its hundreds of cells are
 * drawn again only when what they show changed, not on every keystroke elsewhere on the page.
 */
export const LinkCheck = memo(function LinkCheck({ matrix, cards, vendors, reports, cardLabels }: LinkCheckProps) {
  const names = new Map(vendors.map((vendor) => [vendor.vendorId, vendor.name]));
  const findings = Object.entries(reports).flatMap(([cardId, report]) =>
    report.status === 'done' ? [{ cardId, extraction: report.extraction }] : [],
  );
  if (matrix.rows.length === 0 || cards.length === 0) return null;
  return (
    <CardSection headingId="link-check">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <CardHeading id="link-check">Link check</CardHeading>
        <span
          className={matrix.isComplete ? 'text-xs font-medium text-green-700' : 'text-xs font-medium text-amber-800'}
        >
          {matrix.isComplete ? 'Every vendor has a link for every card' : `${matrix.missingCount} link(s) missing`}
        </span>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-[13px]">
          <ColumnHeads
            className="text-slate-600"
            labels={['Vendor', ...cards.map((card) => card.label)]}
            cellClassName={(index) => (index === 0 ? 'px-4 py-2 font-medium' : 'px-2 py-2 text-center font-medium')}
          />
          <tbody>
            {matrix.rows.map((row) => (
              <tr key={row.vendorId} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-1.5 font-medium">
                  {names.get(row.vendorId) ?? row.vendorId}
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.cardId} className="px-2 py-1.5 text-center">
                    {cell.hasLink ? (
                      <span
                        title={`${cell.link} (from ${cell.fileName ?? 'CSV'})`}
                        className="inline-flex text-green-700"
                      >
                        <Check
                          aria-label={`Link found for ${names.get(row.vendorId)} in ${cardLabels[cell.cardId]}`}
                          className="h-4 w-4"
                        />
                      </span>
                    ) : (
                      <span className="inline-flex text-red-600">
                        <X
                          aria-label={`No link for ${names.get(row.vendorId)} in ${cardLabels[cell.cardId]}`}
                          className="h-4 w-4"
                        />
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {findings.map(({ cardId, extraction }) => {
        const items = [
          extraction.unmatchedSourceCount > 0 &&
            `utm_source values matching no vendor (${extraction.unmatchedSourceCount}): ${extraction.unmatchedSources.join(', ')}`,
          extraction.malformedUrlCount > 0 &&
            `Malformed links (${extraction.malformedUrlCount}): ${extraction.malformedUrls.join(', ')}`,
          ...extraction.conflicts.map(
            (conflict) =>
              `${names.get(conflict.vendorId) ?? conflict.vendorId} has other links too; using the first: ${conflict.kept}`,
          ),
        ].filter(Boolean) as string[];
        if (items.length === 0) return null;
        return (
          <div key={cardId} className="border-t border-slate-100 px-4 py-2 text-xs text-amber-900">
            <p className="font-medium">{cardLabels[cardId]} CSV</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-4 break-all">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </CardSection>
  );
}, showsTheSame);
