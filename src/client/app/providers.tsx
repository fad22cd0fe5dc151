import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { USER_QUERY_KEY } from '../features/auth/api/get-user';
import { SidebarProvider } from '../features/layout/sidebar-state';
import { clearAuthToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { navigateOutside } from './router';
import { sessionOutcomeOf } from './session-errors';

/** Any call that finds the session gone signs the user out; one that finds the address removed shows access denied. */
function handleSessionErrors(error: unknown) {
  const outcome = sessionOutcomeOf(error);
  if (outcome === 'access-removed') {
    clearAuthToken();
    queryClient.clear();
    navigateOutside('/access-denied', { replace: true });
  } else if (outcome === 'signed-out') {
    clearAuthToken();
    void queryClient.resetQueries({ queryKey: USER_QUERY_KEY });
  }
}

const queryClient = createQueryClient(handleSessionErrors);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <SidebarProvider>
          {children}
          <LazyToaster />
        </SidebarProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
