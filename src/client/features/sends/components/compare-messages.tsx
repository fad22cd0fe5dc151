import { useState } from 'react';
import type { SendDelivery } from '#shared/contracts/sends';
import { Button } from '#client/components/ui/button';
import { ColumnHeads } from '#client/components/ui/column-heads';
import { Skeleton } from '#client/components/ui/skeleton';
import { messageOf } from '#client/lib/request';
import { useCompareMessages } from '../api/compare-messages';

const KIND_LABELS = { link: 'Link', terms: 'Terms', key: 'Key' } as const;

/** 'Compare messages': for two vendors of a send, their links, terms and keys side by side, read from the stored messages. */
export function CompareMessages({ sendId, deliveries }: { sendId: number; deliveries: readonly SendDelivery[] }) {
  const [a, setA] = useState(deliveries[0]?.vendorId ?? '');
  const [b, setB] = useState(deliveries[1]?.vendorId ?? '');
  const comparison = useCompareMessages(sendId, a, b);
  const differing = comparison.data?.rows.filter((row) => !row.isSame).length ?? 0;

  const picker = (label: string, value: string, onChange: (vendorId: string) => void) => (
    <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-[13px] text-slate-700">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-[13px]"
      >
        {deliveries.map((delivery) => (
          <option key={delivery.vendorId} value={delivery.vendorId}>
            {delivery.vendorName}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        {picker('First vendor', a, setA)}
        {picker('Second vendor', b, setB)}
      </div>
      {a === b ? (
        <p className="text-[13px] text-slate-600">Choose two different vendors.</p>
      ) : comparison.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-[13px] text-red-800">
          <span className="wrap-anywhere">{messageOf(comparison.error, 'Could not compare the messages.')}</span>
          <Button variant="secondary" size="sm" onClick={() => void comparison.refetch()}>
            Retry
          </Button>
        </div>
      ) : !comparison.data ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading...</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : (
        <>
          <p className="text-[13px] text-slate-600">
            {differing === 0
              ? 'The two messages carry the same links, terms and keys.'
              : `${differing} of ${comparison.data.rows.length} differ.`}
          </p>
          <div className="overflow-x-auto rounded-md border border-slate-200">
            <table className="w-full text-left text-[13px]">
              <caption className="sr-only">
                Differences between the messages to {comparison.data.a.vendorName} and {comparison.data.b.vendorName}
              </caption>
              <ColumnHeads
                className="bg-slate-50 text-slate-600"
                labels={['What', comparison.data.a.vendorName, comparison.data.b.vendorName]}
                cellClassName="px-3 py-2 font-medium"
              />
              <tbody className="divide-y divide-slate-100">
                {comparison.data.rows.map((row) => (
                  <tr
                    key={`${row.kind}-${row.section}-${row.label}`}
                    className={row.isSame ? 'text-slate-500' : 'bg-amber-50/60'}
                  >
                    <th scope="row" className="px-3 py-2 align-top font-medium text-slate-700">
                      {row.kind === 'terms'
                        ? `${KIND_LABELS.terms}: ${row.label}`
                        : `${row.section} ${row.kind === 'key' ? row.label : KIND_LABELS.link}`}
                      {row.isSame ? (
                        <span className="sr-only"> (same)</span>
                      ) : (
                        <span className="sr-only"> (differs)</span>
                      )}
                    </th>
                    {/* A link breaks anywhere to fit; words (a split in words) break between them. */}
                    <td className="tabular px-3 py-2 align-top wrap-anywhere">{row.a ?? '—'}</td>
                    <td className="tabular px-3 py-2 align-top wrap-anywhere">{row.b ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
