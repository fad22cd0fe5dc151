import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonthOverview, Statement } from '#shared/contracts/statements';
import {
  acceptQuantity,
  finalizeStatement,
  getMonthOverviewCsv,
  getStatement,
  getStatementCsv,
  markStatementPaid,
  sendStatement,
} from '#shared/api/statements';
import { LIVE_REFRESH_MS } from '#client/lib/live-refresh';
import { call, requestRaw, urlOf } from '#client/lib/request';
import { saveBlob } from '#client/lib/save-blob';

/**
 * The statements calls (issue 24), all in this one file: a vendor's month statement, its CSV, and the admins'
 * finalize, mark paid, send and accept quantity. Every change refreshes every statement held (an accepted quantity
 * or a finalize can move the vendor's other months: adjustments).
 */

const STATEMENTS_KEY = ['statements'] as const;

/** 'Download CSV': the CSV route fetched with the bearer token, saved under the name the server gives it. */
export async function downloadStatementCsv(vendorId: string, month: string) {
  const response = await requestRaw(urlOf(getStatementCsv, { params: { vendorId, month } }));
  saveBlob(await response.blob(), `statement-${vendorId}-${month}.csv`);
}

/** The overview's 'Download CSV': a row per vendor and the totals. */
export async function downloadOverviewCsv(month: string) {
  const response = await requestRaw(urlOf(getMonthOverviewCsv, { params: { month } }));
  saveBlob(await response.blob(), `statements-${month}.csv`);
}

/** The month at a glance: GET /api/statements without a vendor. */
export const useMonthOverview = (month: string) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, '', month],
    queryFn: async ({ signal }) => (await call(getStatement, { query: { month }, signal })) as MonthOverview,
    enabled: month !== '',
  });

export const useStatement = (vendorId: string, month: string) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, vendorId, month],
    // With a vendor the answer is its statement (without one, the month's overview).
    queryFn: async ({ signal }) => (await call(getStatement, { query: { vendorId, month }, signal })) as Statement,
    enabled: vendorId !== '' && month !== '',
    // While the statement's message is on its way, the screen follows it to 'sent' (or why not).
    refetchInterval: (query) =>
      query.state.data?.mail?.status === 'pending' || query.state.data?.mail?.status === 'sending'
        ? LIVE_REFRESH_MS
        : false,
  });

function useStatementMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY }),
  });
}

/** 409 while the month has not ended, unless `confirm` (the screen asks first). */
export const useFinalizeStatement = () =>
  useStatementMutation(({ vendorId, month, confirm }: { vendorId: string; month: string; confirm: boolean }) =>
    call(finalizeStatement, { params: { vendorId, month }, body: confirm ? { confirm: true } : {} }),
  );

export const useMarkStatementPaid = () =>
  useStatementMutation(
    ({ vendorId, month, paidOn, reference }: { vendorId: string; month: string; paidOn: string; reference: string }) =>
      call(markStatementPaid, { params: { vendorId, month }, body: { paidOn, reference } }),
  );

/** 'Send statement': the finalized statement mailed to the vendor through the delivery queue, once. */
export const useSendStatement = () =>
  useStatementMutation(({ vendorId, month }: { vendorId: string; month: string }) =>
    call(sendStatement, { params: { vendorId, month } }),
  );

/** The vendor's reported quantity counts as reported (the one the line shows: the server refuses any other). */
export const useAcceptQuantity = () =>
  useStatementMutation(({ sendId, vendorId, quantity }: { sendId: number; vendorId: string; quantity: number }) =>
    call(acceptQuantity, { params: { sendId, vendorId }, body: { quantity } }),
  );
