import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn';

const tones = {
  neutral: 'bg-slate-100 text-slate-700',
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  danger: 'bg-red-50 text-red-700 ring-red-200',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ring-transparent',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
