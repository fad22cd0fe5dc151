import { MailCheck, Paperclip } from 'lucide-react';
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Vendor } from '#shared/contracts/vendors';
import type { ComposedEmail } from '#shared/email/compose';
import { formatKb } from '#shared/email/format';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { Button } from '#client/components/ui/button';

/** The frame's own document, loaded once; the body is then written into it. */
const FRAME_SHELL = '<!doctype html><html><body style="margin:12px 16px"></body></html>';

/**
 * The message as one vendor will receive it: the composer's HTML, the same the server sends, is the frame's body.
 * Drawn again only when its inputs change, and the frame keeps its document: a new body is written into it in place
 * (only when the HTML differs), not loaded as a new document, which cost a frame's worth of work on every keystroke.
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
  // The HTML to show, and what the loaded document shows now (null until the shell has loaded: until then the frame
  // holds the initial empty document, which the shell replaces).
  const latestHtml = useRef(email.html);
  const writtenHtml = useRef<string | null>(null);
  const isLoaded = useRef(false);
  const draw = useCallback(() => {
    const body = frameRef.current?.contentDocument?.body;
    if (!isLoaded.current || !body) return;
    if (writtenHtml.current !== latestHtml.current) {
      body.innerHTML = latestHtml.current;
      writtenHtml.current = latestHtml.current;
    }
    setHeight(Math.max(200, body.scrollHeight + 24));
  }, []);
  // Before the paint, so the body changes in the same frame as the rest of the preview.
  useLayoutEffect(() => {
    latestHtml.current = email.html;
    draw();
  }, [email.html, draw]);
  const onLoad = useCallback(() => {
    isLoaded.current = true;
    writtenHtml.current = null;
    draw();
  }, [draw]);

  return (
    <CardSection headingId="preview-heading">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <CardHeading id="preview-heading">Email Preview</CardHeading>
        {vendors.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-[13px] text-slate-700">
              Preview as
              <select
                value={previewVendorId ?? ''}
                onChange={(event) => onPreviewVendor(event.target.value)}
                className="h-8 rounded-md border border-slate-300 bg-white px-2 text-[13px]"
              >
                {vendors.map((vendor) => (
                  <option key={vendor.vendorId} value={vendor.vendorId}>
                    {vendor.name}
                  </option>
                ))}
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
        <dd data-testid="preview-to" className="break-all">
          {email.to.join(', ') || '—'}
        </dd>
        <dt className="text-slate-600">CC</dt>
        <dd className="break-all">{email.cc.join(', ') || '—'}</dd>
        <dt className="text-slate-600">Subject</dt>
        <dd data-testid="preview-subject" className="font-medium">
          {email.subject}
        </dd>
      </dl>
      <iframe
        ref={frameRef}
        title="Email body preview"
        sandbox="allow-same-origin"
        srcDoc={FRAME_SHELL}
        onLoad={onLoad}
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
              <li
                key={attachment.filename}
                className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-[13px]"
              >
                {attachment.filename} <span className="tabular text-slate-600">{formatKb(attachment.size)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </CardSection>
  );
});
