import { MailCheck, Paperclip } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import { formatKb, type ComposedEmail } from '#shared/email/compose';
import { Button } from '#client/components/ui/button';

/**
 * The message as one vendor will receive it: drawn from the composer's output, the same the server sends. Drawn again
 * only when its inputs change (its frame reloads and is measured again on each draw of a new body).
 */
export const EmailPreview = memo(function EmailPreview({
  email,
  vendors,
  previewVendorId,
  onPreviewVendor,
  onSendProof,
  isProofing,
}: {
  email: ComposedEmail;
  vendors: readonly Vendor[];
  previewVendorId: string | null;
  onPreviewVendor(vendorId: string): void;
  onSendProof(): void;
  isProofing: boolean;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(400);
  const measure = useCallback(() => {
    const body = frameRef.current?.contentDocument?.body;
    if (body) setHeight(Math.max(200, body.scrollHeight + 24));
  }, []);
  useEffect(measure, [email.html, measure]);

  return (
    <section aria-labelledby="preview-heading" className="rounded-[var(--radius-card)] border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id="preview-heading" className="text-sm font-semibold">Email Preview</h2>
        {vendors.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-[13px] text-slate-700">
            Preview as
            <select
              value={previewVendorId ?? ''}
              onChange={(event) => onPreviewVendor(event.target.value)}
              className="h-8 rounded-md border border-slate-300 bg-white px-2 text-[13px]"
            >
              {vendors.map((vendor) => <option key={vendor.vendorId} value={vendor.vendorId}>{vendor.name}</option>)}
            </select>
          </label>
          <Button variant="secondary" size="sm" onClick={onSendProof} disabled={isProofing}>
            <MailCheck aria-hidden className="h-4 w-4" /> {isProofing ? 'Sending proof...' : 'Send me a proof'}
          </Button>
          </div>
        ) : (
          <span className="text-xs text-slate-600">Select vendors to preview their own email</span>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-3 text-[13px]">
        <dt className="text-slate-600">To</dt>
        <dd data-testid="preview-to" className="break-all">{email.to.join(', ') || '—'}</dd>
        <dt className="text-slate-600">CC</dt>
        <dd className="break-all">{email.cc.join(', ') || '—'}</dd>
        <dt className="text-slate-600">Subject</dt>
        <dd data-testid="preview-subject" className="font-medium">{email.subject}</dd>
      </dl>
      <iframe
        ref={frameRef}
        title="Email body preview"
        sandbox="allow-same-origin"
        srcDoc={`<!doctype html><html><body style="margin:12px 16px">${email.html}</body></html>`}
        onLoad={measure}
        style={{ height }}
        className="w-full bg-white"
      />
      <div className="border-t border-slate-100 px-4 py-3">
        <h3 className="mb-2 flex items-center gap-1 text-[13px] font-medium text-slate-700">
          <Paperclip aria-hidden className="h-3.5 w-3.5" /> Attachments
        </h3>
        {email.attachments.length === 0 ? (
          <p className="text-xs text-slate-600">No attachments</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Attachments">
            {email.attachments.map((attachment) => (
              <li key={attachment.filename} className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-[13px]">
                {attachment.filename} <span className="tabular text-slate-600">{formatKb(attachment.size)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
});
