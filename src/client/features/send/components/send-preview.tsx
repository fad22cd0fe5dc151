import { memo, useMemo } from 'react';
import type { SendBodyInput } from '#shared/contracts/send';
import type { Vendor } from '#shared/contracts/vendors';
import { composeVendorEmail, PLACEHOLDERS } from '#shared/email/compose';
import type { ComposeContext } from '#shared/email/compose-input';
import { composeInputFromSend, type VendorSettings } from '#shared/email/compose-input-from-send';
import { EmailPreview } from '#client/components/email-preview';

/**
 * The send page's preview: the body the page would post, drawn through the server's own mapping and composer. A lazy
 * chunk of the send page (the composer and the frame are not needed before the page can be used: decision 0073).
 */
export const SendPreview = memo(function SendPreview({
  body,
  vendor,
  settings,
  context,
  hasVendorLinks,
  vendors,
  onPreviewVendor,
  onSendProof,
  isProofing,
}: {
  body: SendBodyInput;
  /** The vendor shown; without one (none selected yet) the vendor's parts are blank. */
  vendor: Vendor | undefined;
  settings: VendorSettings;
  context: ComposeContext;
  hasVendorLinks: boolean;
  /** The selected vendors, to choose whose email is shown. */
  vendors: readonly Vendor[];
  onPreviewVendor(vendorId: string): void;
  onSendProof(): void;
  isProofing: boolean;
}) {
  const email = useMemo(
    () =>
      composeVendorEmail({
        ...composeInputFromSend(body, vendor, settings, context),
        // Each vendor's real link is made when the send goes out.
        vendorPage: hasVendorLinks ? PLACEHOLDERS.vendorPage : null,
      }),
    [body, vendor, settings, context, hasVendorLinks],
  );
  return (
    <EmailPreview
      email={email}
      vendors={vendors}
      previewVendorId={vendor?.vendorId ?? null}
      onPreviewVendor={onPreviewVendor}
      onSendProof={onSendProof}
      isProofing={isProofing}
    />
  );
});
