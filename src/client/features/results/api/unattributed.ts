import { useQuery } from '@tanstack/react-query';
import { unattributedCodes } from '#shared/contracts/responses/results';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';
import { resultsPath } from './csv-body';

const codesShape = contractShape(unattributedCodes);

/** The client's contributions attributed to no send, grouped by code and reason, largest amount first. */
export const useUnattributedCodes = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'unattributed'],
    queryFn: ({ signal }) => request(resultsPath('/unattributed', { client }), codesShape, { signal }),
  });
