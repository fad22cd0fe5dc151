import { useQuery } from '@tanstack/react-query';
import type { SendEntry } from '#shared/contracts/sends';
import { getSend } from '#shared/api/sends';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { call } from '#client/lib/request';

/**
 * The entry of a send a link opened (?send=ID) that the listed entries do not hold (older than the page shown, or
 * outside its filters): asked for on its own, so the link opens its Deployment Details whatever the list shows.
 */
export function useLinkedSendEntry(id: number | null): SendEntry | undefined {
  const query = useQuery({
    queryKey: [...SENDS_QUERY_KEY, 'linked', id],
    queryFn: ({ signal }) => call(getSend, { params: { id: id! }, signal }),
    enabled: id !== null,
    retry: false,
  });
  return id !== null && query.data?.id === id ? query.data : undefined;
}
