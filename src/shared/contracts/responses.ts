// The answers the browser reads, as light shapes (./shape) typed by the zod contracts they mirror: the types keep
// the fields in step at compile time, and src/server/openapi/response-shapes.test.ts holds each shape to the schema
// its operation publishes. Type-only imports: no schema library reaches the browser through this file.
import type * as z from 'zod/mini';
import type { appSettings } from './app-settings';
import type { authResponse, connectTicket, currentUser, firstNameResponse, inviteLookupResponse } from './auth';
import type { draftCardView, sessionStateView } from './drafts';
import type { emailLogEntry, remindersSettingResult, retryFailedResult, sendAgainResult } from './email-logs';
import type { testEmailResult } from './email-test';
import type {
  recordUpdateResult,
  revokeLinkResult,
  seedTestReviewResult,
  trackingBoard,
  vendorPageView,
} from './tracking';
import type { recentPerformance } from './performance';
import type { addVendorsPreview, addVendorsResult, messageComparison, useAsNewSendResult } from './past-sends';
import type { proofResult, sendResult } from './send';
import type { authorizedEmail, inviteResponse, permissionsResult, userRow } from './users';
import type { approvalEmail, vendor, vendorCostsRow, vendorSplitRow, vendorUtmSourceRow } from './vendors';
import {
  array,
  boolean,
  extend,
  int,
  nothing,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  type Shape,
} from './shape';

type Out<Schema extends z.ZodMiniType> = z.output<Schema>;

/** A 204: no body. */
export const noContent: Shape<undefined> = nothing;

// Vendors and their terms
export const vendorShape: Shape<Out<typeof vendor>> = object({
  vendorId: string,
  name: string,
  emails: array(string),
  defaultUtmSource: string,
  emailProspectingKey: nullable(string),
  textProspectingKey: nullable(string),
});
export const vendorListShape = array(vendorShape);
export const vendorSplitShape: Shape<Out<typeof vendorSplitRow>> = object({ vendorId: string, splitRatio: string });
export const vendorSplitListShape = array(vendorSplitShape);
export const vendorUtmSourceShape: Shape<Out<typeof vendorUtmSourceRow>> = object({
  vendorId: string,
  utmSource: string,
});
export const vendorUtmSourceListShape = array(vendorUtmSourceShape);
export const vendorCostsShape: Shape<Out<typeof vendorCostsRow>> = object({
  vendorId: string,
  costPerDonor: nullable(number),
  cpdBudget: nullable(number),
  costPerAcquisition: nullable(number),
  cpaBudget: nullable(number),
  costPerThousand: nullable(number),
  cpmBudget: nullable(number),
});
export const vendorCostsListShape = array(vendorCostsShape);
export const approvalEmailShape: Shape<Out<typeof approvalEmail>> = object({ id: number, email: string });
export const approvalEmailListShape = array(approvalEmailShape);

// Session and account
export const authResponseShape: Shape<Out<typeof authResponse>> = object({ token: string });
export const inviteLookupShape: Shape<Out<typeof inviteLookupResponse>> = object({ email: string });
export const connectTicketShape: Shape<Out<typeof connectTicket>> = object({ ticket: string });
export const currentUserShape: Shape<Out<typeof currentUser>> = object({
  id: number,
  email: string,
  isAdmin: boolean,
  hasRegistered: boolean,
  googleProfileImageUrl: nullable(string),
  authorizedEmailId: nullable(number),
});
export const firstNameShape: Shape<Out<typeof firstNameResponse>> = object({ firstName: string });
export const appSettingsShape: Shape<Out<typeof appSettings>> = object({
  hubPassword: nullable(string),
  mailTransport: oneOf(['outbox', 'smtp', 'gmail']),
  isGoogleEnabled: boolean,
  hasVendorLinks: boolean,
  isPublicUrlPrivate: boolean,
  publicUrl: string,
});

// Users (Settings)
export const userListShape: Shape<Out<typeof userRow>[]> = array(
  object({
    id: nullable(number),
    email: string,
    isAdmin: boolean,
    hasRegistered: boolean,
    googleProfileImageUrl: nullable(string),
    authorizedEmailId: number,
    inviteExpiresAt: nullable(string),
  }),
);
const inviteFields = { inviteUrl: string, inviteExpiresAt: string, inviteMailed: boolean };
export const inviteShape: Shape<Out<typeof inviteResponse>> = object(inviteFields);
export const authorizedEmailShape: Shape<Out<typeof authorizedEmail>> = object(
  extend(inviteFields, { id: number, email: string, isAdmin: boolean }),
);
export const permissionsResultShape: Shape<Out<typeof permissionsResult>> = object({
  id: number,
  email: string,
  isAdmin: boolean,
});

// The send page's saved work
const CARD_TYPES = ['email', 'text'] as const;
export const draftCardShape: Shape<Out<typeof draftCardView>> = object({
  cardId: string,
  cardType: oneOf(CARD_TYPES),
  cardOrder: int,
  htmlSubject: string,
  senderName: string,
  endDate: nullable(string),
  fileName: nullable(string),
  fileContent: nullable(string),
  textCopy: string,
  csvFileName: nullable(string),
  csvContent: nullable(string),
  vendorLinks: record(string),
  isExpanded: boolean,
  imageFileName: nullable(string),
  imageContent: nullable(string),
  imageContentType: nullable(string),
});
export const draftListShape = array(draftCardShape);
export const sessionStateShape: Shape<Out<typeof sessionStateView>> = object({
  selectedContentType: nullable(oneOf(CARD_TYPES)),
  selectedClient: nullable(string),
  selectedVendors: array(string),
  showInitialSelection: boolean,
  pricingModel: oneOf(['Revshare', 'CPM', 'CPA', 'CPD']),
  sendReminders: boolean,
});

// Sending
const deliveryCountFields = { mailed: number, pending: number, failed: number, uncertain: number };
export const sendResultShape: Shape<Out<typeof sendResult>> = object(extend(deliveryCountFields, { id: number }));
const directSendFields = { status: oneOf(['sent', 'uncertain']), messageId: string };
export const proofResultShape: Shape<Out<typeof proofResult>> = object(
  extend(directSendFields, { message: optional(string), to: string, vendorId: string }),
);
export const testEmailResultShape: Shape<Out<typeof testEmailResult>> = object(
  extend(directSendFields, { message: string }),
);

// Where a vendor's deployment stands (the vendor page and each Deployment Log delivery)
const nullableTime = nullable(string);
const trackingShape = object({
  status: oneOf([
    'sent',
    'received',
    'scheduled',
    'seed-test-sent',
    'approved',
    'changes-requested',
    'deployed',
    'cannot-deploy',
  ]),
  receivedAt: nullableTime,
  scheduledDate: nullable(string),
  scheduledTime: nullable(string),
  segment: nullable(string),
  plannedQuantity: nullable(number),
  seedTestSentAt: nullableTime,
  reviewedAt: nullableTime,
  reviewNote: nullable(string),
  deployedDate: nullable(string),
  deployedQuantity: nullable(number),
  cannotDeployReason: nullable(string),
  note: nullable(string),
  remindedAt: nullableTime,
  updatedAt: string,
});

const spendShape = object({ planned: nullable(number), actual: nullable(number) });
const spendTotalShape = object({ planned: nullable(number), actual: nullable(number), expected: nullable(number) });

// The Deployment Log
const deliveryShape = object({
  vendorId: string,
  vendorName: string,
  status: oneOf(['pending', 'sent', 'failed', 'uncertain']),
  error: nullable(string),
  attempts: number,
  sentAt: nullable(string),
  nextAttemptAt: nullable(string),
  terms: nullable(
    object({
      pricingModel: string,
      items: array(object({ label: string, value: string })),
      emailProspectingKey: nullable(string),
      textProspectingKey: nullable(string),
    }),
  ),
  addedAt: nullable(string),
  addedBy: nullable(string),
  tracking: nullable(trackingShape),
  spend: nullable(spendShape),
  vendorLink: nullable(object({ expiresAt: string, revokedAt: nullable(string) })),
});
export const emailLogEntryShape: Shape<Out<typeof emailLogEntry>> = object({
  id: number,
  sentAt: string,
  sentBy: string,
  clientName: nullable(string),
  clientSlug: nullable(string),
  vendors: array(string),
  approvalEmails: array(string),
  emailCardCount: number,
  textCardCount: number,
  cardDetails: object({
    emailCards: array(
      object({
        subject: nullable(string),
        senderName: nullable(string),
        endDate: nullable(string),
        filename: nullable(string),
        htmlFileKey: nullable(string),
        csvFileKey: nullable(string),
      }),
    ),
    textCards: array(
      object({
        senderName: nullable(string),
        endDate: nullable(string),
        textContent: nullable(string),
        csvFileKey: nullable(string),
        imageFileKey: nullable(string),
        fileName: nullable(string),
      }),
    ),
  }),
  subjects: array(string),
  deliveries: array(deliveryShape),
  pricingModel: nullable(string),
  spend: nullable(spendTotalShape),
  filesRemovedAt: nullable(string),
  remindersEnabled: boolean,
});
export const emailLogListShape: Shape<Out<typeof emailLogEntry>[]> = array(emailLogEntryShape);
export const remindersSettingResultShape: Shape<Out<typeof remindersSettingResult>> = object({
  id: number,
  remindersEnabled: boolean,
});
export const retryFailedResultShape: Shape<Out<typeof retryFailedResult>> = object(
  extend(deliveryCountFields, { id: number, requeued: number }),
);
export const sendAgainResultShape: Shape<Out<typeof sendAgainResult>> = object(
  extend(deliveryCountFields, { id: number, delivery: deliveryShape }),
);

// Reusing a past send (the Deployment Log)
export const useAsNewSendResultShape: Shape<Out<typeof useAsNewSendResult>> = object({
  cardCount: number,
  selectedVendors: array(string),
  missingVendors: array(string),
});
export const addVendorsResultShape: Shape<Out<typeof addVendorsResult>> = object(
  extend(deliveryCountFields, { id: number, added: array(string) }),
);
export const addVendorsPreviewShape: Shape<Out<typeof addVendorsPreview>> = object({
  vendorId: string,
  email: object({
    to: array(string),
    cc: array(string),
    replyTo: array(string),
    subject: string,
    html: string,
    text: string,
    attachments: array(object({ filename: string, contentType: string, size: number })),
  }),
  problem: nullable(string),
});
const comparedVendor = object({ vendorId: string, vendorName: string });
export const messageComparisonShape: Shape<Out<typeof messageComparison>> = object({
  a: comparedVendor,
  b: comparedVendor,
  rows: array(
    object({
      kind: oneOf(['link', 'terms', 'key']),
      section: string,
      label: string,
      a: nullable(string),
      b: nullable(string),
      isSame: boolean,
    }),
  ),
});

// A vendor's own page (public, read with its link)
const pageRow = { label: string, value: string };
export const vendorPageShape: Shape<Out<typeof vendorPageView>> = object({
  sentAt: string,
  linkExpiresAt: string,
  content: object({
    vendorName: string,
    clientName: nullable(string),
    subject: string,
    pricingModel: oneOf(['Revshare', 'CPM', 'CPA', 'CPD']),
    terms: object({ label: string, items: array(object(pageRow)) }),
    cards: array(object({ title: string, rows: array(object(extend(pageRow, { isLink: boolean }))) })),
    attachments: array(object({ fileName: string, contentType: string, size: number })),
    approvalEmails: array(string),
  }),
  tracking: trackingShape,
  history: array(object({ at: string, by: oneOf(['vendor', 'team']), action: string, summary: string })),
});

// The team's answer to a seed test
export const seedTestReviewResultShape: Shape<Out<typeof seedTestReviewResult>> = object({
  tracking: trackingShape,
  replyQueued: boolean,
});

// 'Record an update' on a vendor's behalf
export const recordUpdateResultShape: Shape<Out<typeof recordUpdateResult>> = object({ tracking: trackingShape });

export const revokeLinkResultShape: Shape<Out<typeof revokeLinkResult>> = object({ revokedAt: string });

// The Tracking board
export const trackingBoardShape: Shape<Out<typeof trackingBoard>> = object({
  today: string,
  items: array(
    object({
      logId: number,
      vendorId: string,
      vendorName: string,
      clientName: nullable(string),
      subject: string,
      sentAt: string,
      tracking: trackingShape,
      isOverdue: boolean,
      terms: string,
      spend: spendShape,
      sendSpend: spendTotalShape,
    }),
  ),
  truncated: boolean,
  omitted: object({ open: number, closed: number }),
});

/** The send page's 'Select Vendors' figures: light, as the page's first load carries no schema library. */
export const recentPerformanceShape: Shape<Out<typeof recentPerformance>> = object({
  client: string,
  from: string,
  to: string,
  vendors: array(
    object({
      vendorId: string,
      sends: int,
      contributions: int,
      costPerNewDonorCents: nullable(int),
      roiBasisPoints: nullable(int),
    }),
  ),
});
