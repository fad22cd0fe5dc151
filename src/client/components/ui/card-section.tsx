import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn';

/** A white card named by its heading: `headingId` is the id of the CardHeading inside it. */
export function CardSection({
  headingId,
  className,
  children,
}: {
  headingId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-[var(--radius-card)] border border-slate-200 bg-white', className)}
    >
      {children}
    </section>
  );
}

/** A card's heading: a part of a page (`sm`), or the card that is the page's subject (`base`). */
export function CardHeading({ id, size = 'sm', children }: { id: string; size?: 'sm' | 'base'; children: ReactNode }) {
  return (
    <h2 id={id} className={size === 'base' ? 'text-base font-semibold' : 'text-sm font-semibold'}>
      {children}
    </h2>
  );
}
