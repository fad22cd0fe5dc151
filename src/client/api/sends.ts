import {
  keepPreviousData,
  queryOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SendEntry, SendFilters } from '#shared/contracts/sends';
import type { VendorAction } from '#shared/contracts/tracking';
import { listSends, retryFailed, sendAgain, setReminders } from '#shared/api/sends';
import { recordUpdate } from '#shared/api/tracking';
import { call } from '#client/lib/request';
import { SENDS_QUERY_KEY } from './sends-key';

/** While a message waits for its next attempt, the list looks again this often. */
const PENDING_REFRESH_MS = 5000;

const hasPendingDelivery = (entries: readonly SendEntry[] | undefined) =>
  !!entries?.some((entry) => entry.deliveries.some((delivery) => delivery.status === 'pending'));

export const sendsQueryOptions = (filters: SendFilters) =>
  queryOptions({
    queryKey: [...SENDS_QUERY_KEY, filters],
    queryFn: ({ signal }) => call(listSends, { query: filters, signal }),
    // A history that every user adds to: opening the screen always asks again (the cached list shows meanwhile).
    refetchOnMount: 'always',
    refetchInterval: (query) => (hasPendingDelivery(query.state.data) ? PENDING_REFRESH_MS : false),
  });

/** The previous filter's entries stay on screen while the next ones load. */
export const useSends = (filters: SendFilters) =>
  useQuery({ ...sendsQueryOptions(filters), placeholderData: keepPreviousData });

function useSendMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
  });
}

/** Re-queues only the failed deliveries of a send. */
export const useRetryFailed = () => useSendMutation((sendId: number) => call(retryFailed, { params: { id: sendId } }));

/** A person's decision to send one vendor's message again (it may already have arrived). */
export const useSendAgain = () =>
  useSendMutation(({ sendId, vendorId }: { sendId: number; vendorId: string }) =>
    call(sendAgain, { params: { id: sendId, vendorId } }),
  );

/** Changes a send where it is held: in the log's lists and in the open Deployment Details' own entry. */
function writeIntoHeldSends(queryClient: QueryClient, apply: (entry: SendEntry) => SendEntry) {
  queryClient.setQueriesData<SendEntry[] | SendEntry>({ queryKey: SENDS_QUERY_KEY }, (held) =>
    Array.isArray(held)
      ? held.map(apply)
      : held && typeof held === 'object' && 'deliveries' in held
        ? apply(held)
        : held,
  );
}

/**
 * Turns a send's vendor reminders on or off (issue 14 item 5). The answer is written into the held entry before the
 * mutation settles, so the checkbox never shows the old value while the log is read again.
 */
export function useSetSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sendId, enabled }: { sendId: number; enabled: boolean }) =>
      call(setReminders, { params: { id: sendId }, body: { enabled } }),
    onSuccess: ({ id, remindersEnabled }) => {
      const apply = (entry: SendEntry) => (entry.id === id ? { ...entry, remindersEnabled } : entry);
      writeIntoHeldSends(queryClient, apply);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
  });
}

/**
 * 'Record an update': a team member reports a vendor action on the vendor's behalf (it answered by e-mail, its link no
 * longer works, or it has none). The new tracking is written into the held entries at once, as the reminders setting
 * is; then the log and the Tracking board read again.
 */
export function useRecordVendorUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sendId, vendorId, action }: { sendId: number; vendorId: string; action: VendorAction }) =>
      call(recordUpdate, { params: { id: sendId, vendorId }, body: action }),
    onSuccess: ({ tracking }, { sendId, vendorId }) => {
      const apply = (entry: SendEntry): SendEntry =>
        entry.id === sendId
          ? {
              ...entry,
              deliveries: entry.deliveries.map((delivery) =>
                delivery.vendorId === vendorId ? { ...delivery, tracking } : delivery,
              ),
            }
          : entry;
      writeIntoHeldSends(queryClient, apply);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['tracking-board'] }),
      ]),
  });
}
