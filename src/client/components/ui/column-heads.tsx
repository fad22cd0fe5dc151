import type { ReactNode } from 'react';

/** A table's header row of plain column headers; `cellClassName` may style a column apart (the first, say). */
export function ColumnHeads({
  className,
  labels,
  cellClassName,
}: {
  className: string;
  labels: readonly ReactNode[];
  cellClassName: string | ((index: number) => string);
}) {
  return (
    <thead className={className}>
      <tr>
        {labels.map((label, index) => (
          // Header cells hold no state: their place is their identity.
          <th
            key={index}
            scope="col"
            className={typeof cellClassName === 'string' ? cellClassName : cellClassName(index)}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
