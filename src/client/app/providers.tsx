import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { USER_QUERY_KEY } from '../features/auth/api/get-user';
import { SidebarProvider } from '../features/layout/sidebar-state';
import { clearAuthToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { RequestError } from '../lib/request';
import { navigateOutside } from './router';

/** Any call that finds the session gone signs the user out; one that finds the address removed shows access denied. */
function handleSessionErrors(error: unknown) {
  const isAccessDenied =
    (error instanceof RequestError && error.status === 403 && error.serverMessage === 'Access denied') ||
    (!(error instanceof RequestError) && error instanceof Error && error.message === 'Access denied');
  if (isAccessDenied) {
    clearAuthToken();
    queryClient.clear();
    navigateOutside('/access-denied', { replace: true });
  } else if (error instanceof RequestError && error.status === 401) {
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
