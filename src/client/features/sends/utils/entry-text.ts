import { findClient } from '#shared/clients';
import type { SendEntry } from '#shared/contracts/sends';

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The client's display name from the list of clients, else the name logged with the send; null when none. */
export const clientNameOf = (entry: SendEntry): string | null =>
  findClient(entry.clientSlug)?.displayName ?? entry.clientName ?? null;

export const cardCountsOf = (entry: SendEntry) =>
  `${plural(entry.emailCardCount, 'email card')} · ${plural(entry.textCardCount, 'text card')}`;

/** The vendors with their delivery, in send order; a logged name without a delivery record has none. */
export function vendorDeliveriesOf(entry: SendEntry) {
  const rows = entry.deliveries.map((delivery) => ({ name: delivery.vendorName, delivery }));
  const named = new Set(rows.map((row) => row.name));
  return [...rows, ...entry.vendors.filter((name) => !named.has(name)).map((name) => ({ name, delivery: undefined }))];
}
