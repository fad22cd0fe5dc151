import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { actOnVendorPage, getVendorAttachment, getVendorPage } from '#shared/api/vendor-page';
import type { VendorAction } from '#shared/contracts/tracking';
import { call, requestRaw, urlOf } from '#client/lib/request';

/** The link's token rides in the URL fragment (never sent to a server); the API takes it as a bearer token. */
const withLink = (token: string) => ({ Authorization: `Bearer ${token}` });

// Open pages follow what the team does (a seed test approved) without a reload.
const REFRESH_MS = 15_000;

export const vendorPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['vendor-page', token],
    queryFn: ({ signal }) => call(getVendorPage, { headers: withLink(token), signal }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });

export const useVendorPage = (token: string) => useQuery(vendorPageQueryOptions(token));

export function useVendorAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: VendorAction) => call(actOnVendorPage, { body: action, headers: withLink(token) }),
    onSuccess: (view) => queryClient.setQueryData(vendorPageQueryOptions(token).queryKey, view),
  });
}

/** One attachment, fetched with the link and saved under its name. */
export async function downloadAttachment(token: string, index: number, fileName: string) {
  const response = await requestRaw(urlOf(getVendorAttachment, { params: { index } }), {
    headers: withLink(token),
  });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
