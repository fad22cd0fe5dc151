import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export function createQueryClient(onError?: (error: unknown) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
