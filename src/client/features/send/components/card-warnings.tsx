import { AlertTriangle } from 'lucide-react';
import type { ContentWarning } from '#shared/rules/content-checks';

export function CardWarnings({ warnings }: { warnings: readonly ContentWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="grid gap-1">
      {warnings.map((warning) => (
        <li
          key={warning.kind}
          className="flex items-start gap-2 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
        >
          <AlertTriangle aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          {warning.message}
        </li>
      ))}
    </ul>
  );
}
