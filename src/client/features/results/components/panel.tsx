import { useId, type ReactNode } from 'react';
import { CardHeading, CardSection } from '#client/components/ui/card-section';

/** One part of the Results screen: a white card headed by its title, with actions on the right. */
export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <CardSection headingId={id} className="p-4">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardHeading id={id}>{title}</CardHeading>
          {description ? <p className="text-[13px] text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </CardSection>
  );
}

/** A failed call's message, in an alert next to what failed. */
export function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 wrap-anywhere"
    >
      {children}
    </p>
  );
}
