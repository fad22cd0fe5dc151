import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on its own (a phone): the region around it is named and focusable, which makes the
 * scrolling reachable by keyboard. The caption names the table for a screen reader.
 */
export function ScrollTable({
  label,
  caption,
  className,
  tableClassName,
  children,
}: {
  label: string;
  caption: ReactNode;
  className: string;
  tableClassName: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={className}>
      <table className={tableClassName}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
