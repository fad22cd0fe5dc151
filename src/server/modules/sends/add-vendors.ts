import { createHash } from 'node:crypto';
import type { AddVendorsPreview, AddVendorsResult } from '#shared/contracts/sends-reuse';
import { isUniqueViolation } from '#server/db/errors';
import { AppError, badRequest, conflict } from '#server/errors';
import { FileStoreUnavailableError } from '#server/storage/storage';
import type { Actor } from '../audit';
import { prepareSend } from './prepare';
import { PLACEHOLDERS } from '#shared/email/compose';
import { sendProof } from './proof';
import type { SendDeps } from './service';
import { attachmentKeysOf, storeVendorMessages, vendorPageLinks } from './vendor-messages';
import { UploadBatch } from './uploads';
import * as repo from './reuse-repository';
import { currentLinkVendors, loadStoredSend, sendBodyFrom } from './stored-send';

/** The send rebuilt from its stored cards and files for vendors it did not go to yet. */
async function rebuildFor(deps: SendDeps, sendId: number, vendorIds: readonly string[]) {
  const stored = await loadStoredSend(deps, sendId);
  const present = new Map(
    (await repo.listLogVendors(deps.db, sendId)).map((vendor) => [vendor.vendorId, vendor.vendorName]),
  );
  const already = vendorIds.filter((vendorId) => present.has(vendorId));
  if (already.length > 0) {
    throw badRequest(
      `${already.map((vendorId) => present.get(vendorId)).join(', ')} already ${already.length === 1 ? 'has' : 'have'} this send.`,
      {
        field: 'vendorIds',
      },
    );
  }
  return sendBodyFrom(stored, vendorIds, await currentLinkVendors(deps.db));
}

const hashOf = (vendorIds: readonly string[]) => createHash('sha256').update(JSON.stringify(vendorIds)).digest('hex');

async function replay(
  deps: SendDeps,
  sendId: number,
  rows: { vendorId: string; additionHash: string | null }[],
  hash: string,
) {
  if (rows.some((row) => row.additionHash !== hash)) {
    throw new AppError(
      422,
      'This Idempotency-Key was already used to add other vendors. Use a new key for a new request.',
    );
  }
  return {
    id: sendId,
    added: rows.map((row) => row.vendorId),
    ...(await deps.deliveries.counts(sendId)),
    isReplay: true,
  };
}

/**
 * 'Add vendors': each new vendor's message is built from the send's stored cards and files with the send page's own
 * rules, link extraction and composer, with the vendor's terms as they are now, and goes through the same queue. The
 * person adding them is their sender. A repeat with the same Idempotency-Key by the same user mails nobody again.
 */
export async function addVendors(
  deps: SendDeps,
  actor: Actor,
  sendId: number,
  vendorIds: readonly string[],
  idempotencyKey: string | undefined,
): Promise<AddVendorsResult & { isReplay: boolean }> {
  try {
    return await addVendorsOnce(deps, actor, sendId, vendorIds, idempotencyKey);
  } catch (error) {
    // Reading the send's stored files or storing the new messages: nothing is written until both are done.
    if (error instanceof FileStoreUnavailableError) throw error.withConsequence('Nothing was sent.');
    throw error;
  }
}

async function addVendorsOnce(
  ...[deps, actor, sendId, vendorIds, idempotencyKey]: Parameters<typeof addVendors>
): ReturnType<typeof addVendors> {
  const hash = hashOf(vendorIds);
  /** The first answer again when this Idempotency-Key already added vendors to the send (by this user). */
  const replayed = async () => {
    if (!idempotencyKey) return undefined;
    const earlier = await repo.findAddition(deps.db, sendId, actor.id, idempotencyKey);
    return earlier.length > 0 ? replay(deps, sendId, earlier, hash) : undefined;
  };
  const early = await replayed();
  if (early) return early;
  let body: Awaited<ReturnType<typeof rebuildFor>>;
  try {
    body = await rebuildFor(deps, sendId, vendorIds);
  } catch (error) {
    // The same request arrived twice at once, and the other one was written after the check above: its vendors are
    // on the send now ('already has this send'), and this one answers as its repeat.
    if (error instanceof AppError) {
      const late = await replayed();
      if (late) return late;
    }
    throw error;
  }
  const pages = vendorPageLinks(deps);
  const prepared = await prepareSend(deps, actor.id, body, { vendorPageFor: pages.vendorPageFor });
  // The added vendors' pages offer the same attachments as the send's first vendors.
  const attachmentKeys = attachmentKeysOf((await repo.findLog(deps.db, sendId))!.cardDetails);
  const batch = new UploadBatch(deps.storage, actor.id, prepared.now);
  let messageBytes: ReadonlyMap<string, readonly Buffer[]>;
  try {
    const stored = await storeVendorMessages(deps, batch, prepared, actor.id, pages.links, attachmentKeys);
    messageBytes = stored.bytes;
    const rows = stored.rows.map((row) => ({
      ...row,
      addedAt: prepared.now,
      addedByUserId: actor.id,
      addedByEmail: actor.email,
      additionKey: idempotencyKey ?? null,
      additionHash: hash,
    }));
    await repo.insertAddedDeliveries(deps.db, sendId, batch.files, rows, actor, prepared.now, deps.trackDeliveries);
  } catch (error) {
    await batch.discard();
    if (isUniqueViolation(error)) {
      // The same request arrived twice at once and the other one was written first.
      const late = await replayed();
      if (late) return late;
      throw conflict('One of these vendors was added to this send meanwhile; reload to see it.');
    }
    throw error;
  }
  deps.deliveries.keep(messageBytes);
  deps.deliveries.wake();
  return {
    id: sendId,
    added: [...vendorIds],
    ...(await deps.deliveries.waitForFirstAttempts(sendId)),
    isReplay: false,
  };
}

/**
 * The message one of the vendors being added would get, drawn by the shared composer from the rebuilt send; `problem`
 * is the message the send would be refused with (a missing link, terms to complete), null when it may go.
 */
export async function previewAddedVendor(
  deps: SendDeps,
  userId: number,
  sendId: number,
  vendorIds: readonly string[],
  vendorId: string,
): Promise<AddVendorsPreview> {
  const body = await rebuildFor(deps, sendId, vendorIds);
  let problem: string | null = null;
  try {
    await prepareSend(deps, userId, body);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500 || error.code === 'requires-google-auth') throw error;
    problem = error.message;
  }
  // The vendor's message on its own, drawn like the send page's preview: placeholders for what is missing.
  const prepared = await prepareSend(
    deps,
    userId,
    { ...body, selectedVendors: [vendorId] },
    { isDraft: true, vendorPageFor: () => (deps.config.vendorLinks ? PLACEHOLDERS.vendorPage : null) },
  );
  const { composed } = prepared.messages[0]!;
  return {
    vendorId,
    email: {
      ...composed,
      attachments: composed.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
    },
    problem,
  };
}

/** 'Send me a proof' of one vendor being added: the exact message, to the user only, with '[PROOF] ' before the subject. */
export async function proofAddedVendor(
  deps: SendDeps,
  userId: number,
  sendId: number,
  vendorIds: readonly string[],
  vendorId: string,
) {
  const body = await rebuildFor(deps, sendId, vendorIds);
  return sendProof(deps, userId, vendorId, body);
}
