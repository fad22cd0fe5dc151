import { greetingLine } from '../rules/greeting';
import { formatEndDateLong } from '../rules/end-date-format';
import { vendorTerms } from '../rules/pricing';
import { termValueWording } from '../payouts/terms';
import type { ComposeInput } from './compose-input';
import { renderHtml, renderText, type Block } from './blocks';

type Section = Extract<Block, { kind: 'section' }>;
import { composeAttachments, type ComposedAttachment } from './attachments';
import { orPlaceholder } from './format';

export type { ComposeContext, ComposeEmailCard, ComposeInput, ComposeTextCard } from './compose-input';

export type { ComposedAttachment };

export interface ComposedEmail {
  /** PRODUCT 5: To the vendor, CC the approval addresses, Reply-To the sender and the approval addresses. */
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  html: string;
  text: string;
  attachments: ComposedAttachment[];
}

export const PLACEHOLDERS = {
  content: '[No content provided]',
  sender: '[Sender not provided]',
  endDate: '[End date not provided]',
  link: '[Link not provided]',
  emailKey: '[Email key not set]',
  textKey: '[Text key not set]',
  client: '[Client not selected]',
  /** The preview and proofs: the real link is made for each vendor when the send goes out. */
  vendorPage: '[Your personal link to this deployment, made when the email is sent]',
} as const;

export const VENDOR_PAGE_TITLE = 'Confirm, schedule and report this deployment';
export const VENDOR_PAGE_LABEL = 'Your personal page';

export const DEFAULT_SUBJECT = 'New Prospecting Content';

/** SPEC 5: 'New {client} Content'; a send without a client, or a text-only send, has the default subject. */
export function composeSubject(send: ComposeInput['send']): string {
  const name = send.client?.displayName.trim();
  return name && send.emailCards.length > 0 ? `New ${name} Content` : DEFAULT_SUBJECT;
}

export function distinctAddresses(addresses: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const address of addresses) {
    const trimmed = address.trim();
    if (trimmed !== '' && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

/** 'a', 'a and b', 'a, b and c'. */
function joinWithAnd(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** One section per card with this vendor's link and hub key: the message's core, also shown on the vendor page. */
export function cardSections(send: ComposeInput['send'], vendor: ComposeInput['vendor']): Section[] {
  return [
    ...send.emailCards.map((card, i): Section => ({
      kind: 'section',
      title: `Email ${i + 1}`,
      rows: [
        { label: 'Subject line', value: orPlaceholder(card.subject, PLACEHOLDERS.content) },
        { label: 'Sender name', value: orPlaceholder(card.senderName, PLACEHOLDERS.sender) },
        { label: 'End date', value: formatEndDateLong(card.endDate) ?? PLACEHOLDERS.endDate },
        { label: 'Link', value: orPlaceholder(card.link, PLACEHOLDERS.link), isLink: true },
        { label: 'Email Prospecting Hub Key', value: orPlaceholder(vendor.emailProspectingKey, PLACEHOLDERS.emailKey) },
      ],
    })),
    ...send.textCards.map((card, i): Section => ({
      kind: 'section',
      title: `Text ${i + 1}`,
      rows: [
        { label: 'Text copy', value: orPlaceholder(card.content, PLACEHOLDERS.content), isMultiline: true },
        { label: 'Sender name', value: orPlaceholder(card.senderName, PLACEHOLDERS.sender) },
        { label: 'End date', value: formatEndDateLong(card.endDate) ?? PLACEHOLDERS.endDate },
        { label: 'Link', value: orPlaceholder(card.link, PLACEHOLDERS.link), isLink: true },
        { label: 'Text Prospecting Hub Key', value: orPlaceholder(vendor.textProspectingKey, PLACEHOLDERS.textKey) },
      ],
    })),
  ];
}

/** The vendor's own page: one section, or nothing when links are left out. */
function vendorPageBlocks(vendorPage: string | null | undefined): Block[] {
  if (!vendorPage) return [];
  return [
    {
      kind: 'section',
      title: VENDOR_PAGE_TITLE,
      rows: [{ label: VENDOR_PAGE_LABEL, value: vendorPage, isLink: true }],
    },
  ];
}

function bodyBlocks({ send, vendor, context, vendorPage }: ComposeInput): Block[] {
  const terms = vendorTerms(send.pricingModel, vendor.split, vendor.costs);
  const approvers = distinctAddresses([context.senderEmail, ...context.approvalEmails]);
  const signOff = context.senderFirstName.trim();
  return [
    {
      kind: 'paragraph',
      lines: [
        greetingLine(context.now),
        `Hi ${orPlaceholder(vendor.name, 'there')}, here is new prospecting content for you.`,
      ],
    },
    { kind: 'paragraph', lines: [`Client: ${orPlaceholder(send.client?.displayName, PLACEHOLDERS.client)}`] },
    {
      kind: 'section',
      title: `Terms (${terms.label})`,
      isTabular: true,
      // 'Split: 60/40: vendor 60 %, client 40 %': the vendor reads whose share is whose.
      rows: terms.items.map((item) => ({ label: item.label, value: termValueWording(item) })),
    },
    ...cardSections(send, vendor),
    ...vendorPageBlocks(vendorPage),
    {
      kind: 'paragraph',
      lines: [
        approvers.length > 0
          ? `Please send approvals to ${joinWithAnd(approvers)}.`
          : 'Please reply with your approvals.',
      ],
    },
    { kind: 'paragraph', lines: signOff ? ['Thank you,', signOff] : ['Thank you,'] },
    { kind: 'paragraph', lines: [`Password: ${orPlaceholder(context.hubPassword, 'ask your account manager')}`] },
  ];
}

/** The one vendor email: the live preview draws it and the sender sends it. Pure. */
export function composeVendorEmail(input: ComposeInput): ComposedEmail {
  const blocks = bodyBlocks(input);
  const approvals = distinctAddresses(input.context.approvalEmails);
  return {
    to: distinctAddresses(input.vendor.emails),
    cc: approvals,
    replyTo: distinctAddresses([input.context.senderEmail, ...approvals]),
    subject: composeSubject(input.send),
    html: renderHtml(blocks),
    text: renderText(blocks),
    attachments: composeAttachments(input.send),
  };
}
