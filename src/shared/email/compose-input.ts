import type { PricingModel } from '../contracts/vendors';
import type { CostValues } from '../rules/pricing';

// Field names follow the send body (contracts/send.ts), so the server can pass its cards as they are.
export interface ComposeEmailCard {
  id: string;
  subject: string | null;
  senderName: string | null;
  endDate: string | null;
  /** This vendor's link for the card. */
  link: string | null;
  /** The HTML creative, attached under its uploaded name. */
  filename: string | null;
  htmlContent: string | null;
}

export interface ComposeTextCard {
  id: string;
  content: string | null;
  senderName: string | null;
  endDate: string | null;
  link: string | null;
  /** The image, base64 encoded, attached under its uploaded name. */
  fileName: string | null;
  fileContent: string | null;
  contentType?: string | null;
}

export interface ComposeInput {
  send: {
    client: { slug: string; displayName: string } | null;
    pricingModel: PricingModel;
    emailCards: readonly ComposeEmailCard[];
    textCards: readonly ComposeTextCard[];
  };
  vendor: {
    name: string;
    emails: readonly string[];
    emailProspectingKey: string | null;
    textProspectingKey: string | null;
    /** 'A/B'; undefined means the 50/50 default. */
    split: string | undefined;
    costs: CostValues | undefined;
  };
  context: ComposeContext;
  /**
   * The vendor's personal deployment page (issue 14): its URL in a sent message, VENDOR_PAGE_PLACEHOLDER in the preview
   * and in proofs, absent or null when VENDOR_LINKS=off leaves it out.
   */
  vendorPage?: string | null;
}

/** Who sends, when, and what every message of the send shares. */
export interface ComposeContext {
  now: Date;
  senderEmail: string;
  senderFirstName: string;
  approvalEmails: readonly string[];
  hubPassword: string | undefined;
}
