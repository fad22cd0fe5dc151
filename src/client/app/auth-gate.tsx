import { Navigate } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { AppLayout } from '../features/layout/app-layout';

/** Signed in: the layout around the route's screen. Signed out: the sign-in screen (home) or a redirect to /auth. */
export function AuthGate({ signedOut }: { signedOut: 'sign-in' | 'redirect' }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return signedOut === 'sign-in' ? <SignInPage /> : <Navigate to="/auth" replace />;
  return <AppLayout user={user} />;
}

export function SignInRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to="/" replace />;
  return <SignInPage />;
}
