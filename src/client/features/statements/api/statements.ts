import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptedQuantity, statement } from '#shared/contracts/statements';
import { contractShape } from '#client/api/contract-shape';
import { request, requestRaw } from '#client/lib/request';
import { saveBlob } from '#client/lib/save-blob';

/**
 * The statements calls (issue 24), all in this one file: a vendor's month statement, its CSV's address, and the
 * admins' finalize, mark paid and accept quantity. Every change refreshes every statement held (an accepted quantity
 * or a finalize can move the vendor's other months: adjustments).
 */

const STATEMENTS_KEY = ['statements'] as const;
const statementShape = contractShape(statement);
const acceptedShape = contractShape(acceptedQuantity);

const statementPath = (vendorId: string, month: string) =>
  `/api/statements/${encodeURIComponent(vendorId)}/${encodeURIComponent(month)}`;

/** 'Download CSV': the CSV route fetched with the bearer token, saved under the name the server gives it. */
export async function downloadStatementCsv(vendorId: string, month: string) {
  const response = await requestRaw(`${statementPath(vendorId, month)}.csv`);
  saveBlob(await response.blob(), `statement-${vendorId}-${month}.csv`);
}

export const useStatement = (vendorId: string, month: string) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, vendorId, month],
    queryFn: ({ signal }) =>
      request(`/api/statements?${new URLSearchParams({ vendorId, month }).toString()}`, statementShape, { signal }),
    enabled: vendorId !== '' && month !== '',
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
    request(`${statementPath(vendorId, month)}/finalize`, statementShape, {
      method: 'POST',
      body: confirm ? { confirm: true } : {},
    }),
  );

export const useMarkStatementPaid = () =>
  useStatementMutation(
    ({ vendorId, month, paidOn, reference }: { vendorId: string; month: string; paidOn: string; reference: string }) =>
      request(`${statementPath(vendorId, month)}/paid`, statementShape, {
        method: 'POST',
        body: { paidOn, reference },
      }),
  );

/** The vendor's reported quantity counts as reported (the one the line shows: the server refuses any other). */
export const useAcceptQuantity = () =>
  useStatementMutation(({ sendId, vendorId, quantity }: { sendId: number; vendorId: string; quantity: number }) =>
    request(`/api/statements/quantities/${sendId}/${encodeURIComponent(vendorId)}/accept`, acceptedShape, {
      method: 'POST',
      body: { quantity },
    }),
  );
