import { simpleParser } from 'mailparser';
import type { MessageComparison } from '#shared/contracts/sends-reuse';
import { compareMessageFacts, readMessageFacts } from '#shared/email/message-facts';
import { AppError, conflict, notFound } from '#server/errors';
import * as repo from './reuse-repository';
import type { StoreDeps } from './stored-send';

/** The plain-text part of a stored raw message, as a mail client reads it. */
async function storedMessageText({ storage }: StoreDeps, emlKey: string, vendorName: string): Promise<string> {
  const raw = await storage.get(emlKey);
  if (!raw) throw new AppError(410, `The stored message to ${vendorName} is no longer in the file store.`);
  return (await simpleParser(raw)).text ?? '';
}

/** What differs between two vendors' messages of a send (links, terms, keys), read from the exact messages that were stored. */
export async function compareVendorMessages(
  deps: StoreDeps,
  sendId: number,
  a: string,
  b: string,
): Promise<MessageComparison> {
  const log = await repo.findLog(deps.db, sendId);
  if (!log) throw notFound('This send was not found.');
  if (log.filesRemovedAt) throw conflict('The stored messages of this send were removed after the retention period.');
  const vendors = new Map((await repo.listLogVendors(deps.db, sendId)).map((vendor) => [vendor.vendorId, vendor]));
  const first = vendors.get(a);
  const second = vendors.get(b);
  if (!first || !second) throw notFound(`There is no message for ${!first ? a : b} in this send.`);
  const [textA, textB] = await Promise.all([
    storedMessageText(deps, first.emlKey, first.vendorName),
    storedMessageText(deps, second.emlKey, second.vendorName),
  ]);
  return {
    a: { vendorId: first.vendorId, vendorName: first.vendorName },
    b: { vendorId: second.vendorId, vendorName: second.vendorName },
    rows: compareMessageFacts(readMessageFacts(textA), readMessageFacts(textB)),
  };
}
