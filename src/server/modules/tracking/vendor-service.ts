import type {
  VendorAction,
  VendorDeliveryContent,
  VendorPageContent,
  VendorPageView,
} from '#shared/contracts/tracking';
import { newYorkDate } from '#shared/rules/new-york-time';
import { applyVendorAction } from '#shared/rules/tracking';
import { hashToken } from '#server/auth/tokens';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { AppError, notFound, unauthorized } from '#server/errors';
import type { FileStorage } from '#server/storage/storage';
import * as repo from './repository';
import { trackingStateOf } from '../sends';
import { trackingEventOf, vendorActor } from './views';

export interface VendorPageDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** Told after each change, so open screens update (issue 14 item 6). */
  onChange?: (sendId: number) => void;
}

/** Where the request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

const INVALID_LINK =
  'This link is not valid. Please open the link from your email again, or ask your account manager for a new one.';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** The delivery a vendor's link stands for, while it is valid: 401 for no or an unknown link, 410 once expired or revoked. */
export async function authenticateLink({ db, clock }: Pick<VendorPageDeps, 'db' | 'clock'>, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw unauthorized(INVALID_LINK);
  const found = await repo.findByTokenHash(db, hashToken(token));
  if (!found) throw unauthorized(INVALID_LINK);
  const { tracking } = found;
  if (tracking.linkRevokedAt) {
    throw new AppError(410, 'This link was turned off by the agency. Please ask your account manager for a new one.');
  }
  if (!tracking.linkExpiresAt || tracking.linkExpiresAt <= clock.now()) {
    const when = tracking.linkExpiresAt ? ` on ${longDate.format(tracking.linkExpiresAt)}` : '';
    throw new AppError(410, `This link expired${when}. Please ask your account manager for a new one.`);
  }
  return found;
}

type Linked = Awaited<ReturnType<typeof authenticateLink>>;

/** What the message carried, field by field: the split and cost sheet kept for the team's costs stay out. */
function pageContentOf(content: VendorDeliveryContent): VendorPageContent {
  const { vendorName, clientName, subject, pricingModel, terms, cards, attachments, approvalEmails } = content;
  return { vendorName, clientName, subject, pricingModel, terms, cards, attachments, approvalEmails };
}

async function viewOf(db: Db, { tracking, sentAt }: Linked): Promise<VendorPageView> {
  const history = await repo.listHistory(db, tracking.deliveryId);
  return {
    sentAt: sentAt.toISOString(),
    linkExpiresAt: tracking.linkExpiresAt!.toISOString(),
    content: pageContentOf(tracking.content),
    tracking: trackingStateOf(tracking),
    history: history.map(trackingEventOf),
  };
}

/** GET /api/vendor-page: what was sent to this vendor and where it stands; nothing of any other delivery. */
export async function getVendorPage(deps: VendorPageDeps, token: string | undefined): Promise<VendorPageView> {
  return viewOf(deps.db, await authenticateLink(deps, token));
}

/** Who reports a vendor action: the vendor through its link, or a team member on its behalf ('Record an update'). */
export interface TrackingActor {
  actorUserId: number | null;
  actorEmail: string;
}

/**
 * One vendor action on a delivery's tracking, saved at once with its audit entry (actor, time, IP, user agent): the one
 * way a vendor's report changes the tracking, whether the vendor makes it on its page or the team records it for the
 * vendor. Refused as the rule says (409 after 'Deployed' but a note or a corrected report, 422 for a deployment dated
 * before the send was mailed, ...).
 */
export async function applyVendorActionFor(
  deps: Pick<VendorPageDeps, 'db' | 'clock' | 'onChange'>,
  target: { deliveryId: number; sendId: number },
  action: VendorAction,
  actor: TrackingActor,
  origin: RequestOrigin,
): Promise<void> {
  const now = deps.clock.now();
  const mailedOn = newYorkDate(await repo.findSendTime(deps.db, target.sendId));
  const refusal = await repo.updateWithAudit(deps.db, target.deliveryId, now, (row) => {
    const outcome = applyVendorAction(row, action, now, newYorkDate(now), mailedOn);
    if (!outcome.ok) return { refused: new AppError(outcome.status, outcome.message) };
    const before = Object.fromEntries(
      Object.keys(outcome.changes).map((field) => [field, row[field as keyof repo.TrackingRow]]),
    );
    return {
      changes: outcome.changes,
      audit: {
        ...actor,
        action: `tracking.${action.action}`,
        before,
        after: { ...outcome.changes, summary: outcome.summary, ip: origin.ip, userAgent: origin.userAgent },
      },
      result: null,
    };
  });
  if (refusal) throw refusal;
  deps.onChange?.(target.sendId);
}

/** One vendor action through its link, answered with the page as it now is. */
export async function actOnVendorPage(
  deps: VendorPageDeps,
  token: string | undefined,
  action: VendorAction,
  origin: RequestOrigin,
): Promise<VendorPageView> {
  const { tracking } = await authenticateLink(deps, token);
  await applyVendorActionFor(
    deps,
    tracking,
    action,
    { actorUserId: null, actorEmail: vendorActor(tracking.vendorId) },
    origin,
  );
  return getVendorPage(deps, token);
}

/** One of the message's attachments, as the vendor received it. */
export async function getVendorAttachment(deps: VendorPageDeps, token: string | undefined, index: number) {
  const { tracking } = await authenticateLink(deps, token);
  const attachment = tracking.content.attachments[index];
  const key = tracking.attachmentKeys[index];
  if (!attachment || !key) throw notFound('No such attachment.');
  const data = await deps.storage.get(key);
  if (!data) throw new AppError(410, 'This file is no longer kept. Please ask your account manager for it.');
  return { data, fileName: attachment.fileName, contentType: attachment.contentType };
}
