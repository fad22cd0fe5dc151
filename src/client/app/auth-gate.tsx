import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { AppLayout } from '../features/layout/app-layout';

// Loaded only when nobody is signed in: the send page, drawn for a signed-in user, does not carry the sign-in screen
// and its calls in its first load (decision 0046).
const LazySignInPage = lazy(async () => ({
  default: (await import('../features/auth/components/sign-in-page')).SignInPage,
}));

function SignInPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazySignInPage />
    </Suspense>
  );
}

/**
 * Signed in: the layout around the route's screen (or, `bare`, the screen alone: a printable document). Signed out: the
 * sign-in screen (home) or a redirect to /auth.
 */
export function AuthGate({ signedOut, bare = false }: { signedOut: 'sign-in' | 'redirect'; bare?: boolean }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return signedOut === 'sign-in' ? <SignInPage /> : <Navigate to="/auth" replace />;
  return bare ? <Outlet /> : <AppLayout user={user} />;
}

export function SignInRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to="/" replace />;
  return <SignInPage />;
}
