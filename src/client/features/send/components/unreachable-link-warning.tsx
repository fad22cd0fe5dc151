import { TriangleAlert } from 'lucide-react';

/** PUBLIC_URL is loopback or private: the personal links in vendor messages would not open outside the agency. */
export function UnreachableLinkWarning({ publicUrl }: { publicUrl: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-[var(--radius-card)] border border-amber-200 bg-amber-50 p-3 text-[13px] text-amber-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" />
      <p>
        Vendors cannot open their personal deployment links:{' '}
        <span className="font-medium wrap-anywhere">{publicUrl}</span> is a local or private address. Set{' '}
        <code>PUBLIC_URL</code> to the address vendors reach, or <code>VENDOR_LINKS=off</code> to leave the links out.
      </p>
    </div>
  );
}
