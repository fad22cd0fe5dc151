import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { AccessDeniedPage } from '../features/auth/components/access-denied-page';
import { useGoogleRedirect } from '../features/auth/hooks/use-google-redirect';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { SendPage } from '../features/send/components/send-page';
import { AuthGate, SignInRoute } from './auth-gate';

function lazyPage<K extends string>(load: () => Promise<{ [key in K]: ComponentType }>, name: K) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
}

function Root() {
  useGoogleRedirect();
  return <Outlet />;
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/auth', element: <SignInRoute /> },
      { path: '/login', element: <SignInRoute /> },
      { path: '/access-denied', element: <AccessDeniedPage /> },
      // A vendor's own page: public (the link is the credential), no app chrome.
      { path: '/vendor', element: lazyPage(() => import('../features/vendor-page/components/vendor-page'), 'VendorPage') },
      { path: '/', element: <AuthGate signedOut="sign-in" />, children: [{ index: true, element: <SendPage /> }] },
      {
        element: <AuthGate signedOut="redirect" />,
        children: [
          { path: '/email-test', element: lazyPage(() => import('../features/email-test/components/email-test-page'), 'EmailTestPage') },
          { path: '/deployment-log', element: lazyPage(() => import('../features/deployment-log/components/deployment-log-page'), 'DeploymentLogPage') },
          { path: '/vendors', element: lazyPage(() => import('../features/vendors/components/vendors-page'), 'VendorsPage') },
          { path: '/approvals', element: lazyPage(() => import('../features/approvals/components/approvals-page'), 'ApprovalsPage') },
          { path: '/settings', element: lazyPage(() => import('../features/settings/components/settings-page'), 'SettingsPage') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
