import { cn } from '#client/lib/cn';

/** A grey placeholder block for content that is still loading; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded bg-slate-200', className)} />;
}
