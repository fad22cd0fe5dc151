import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Outlet, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useGoogleRedirect } from '../features/auth/hooks/use-google-redirect';
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

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let outsideNavigate: Navigate | null = null;

/** Navigation for code outside the screens (the query client's session handling); a no-op before the router is up. */
export function navigateOutside(to: string, options?: { replace?: boolean }) {
  outsideNavigate?.(to, options);
}

function Root() {
  useGoogleRedirect();
  const navigate = useNavigate();
  useEffect(() => {
    outsideNavigate = navigate;
  }, [navigate]);
  return <Outlet />;
}

// The declarative router, not the data router: the screens use no loaders or actions, and it is a third of the size
// in the first chunk. The send page is in that chunk; every other screen loads its own code.
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/auth', element: <SignInRoute /> },
      { path: '/login', element: <SignInRoute /> },
      {
        path: '/access-denied',
        element: lazyPage(() => import('../features/auth/components/access-denied-page'), 'AccessDeniedPage'),
      },
      // A vendor's own page: public (the link is the credential), no app chrome.
      {
        path: '/vendor',
        element: lazyPage(() => import('../features/vendor-page/components/vendor-page'), 'VendorPage'),
      },
      { path: '/', element: <AuthGate signedOut="sign-in" />, children: [{ index: true, element: <SendPage /> }] },
      {
        element: <AuthGate signedOut="redirect" />,
        children: [
          {
            path: '/email-test',
            element: lazyPage(() => import('../features/email-test/components/email-test-page'), 'EmailTestPage'),
          },
          {
            path: '/deployment-log',
            element: lazyPage(() => import('../features/sends/components/deployment-log-page'), 'DeploymentLogPage'),
          },
          {
            path: '/tracking',
            element: lazyPage(() => import('../features/tracking/components/tracking-page'), 'TrackingPage'),
          },
          {
            path: '/results',
            element: lazyPage(() => import('../features/results/components/results-page'), 'ResultsPage'),
          },
          {
            path: '/statements',
            element: lazyPage(() => import('../features/statements/components/statements-page'), 'StatementsPage'),
          },
          {
            path: '/results/performance',
            element: lazyPage(() => import('../features/results/components/performance-page'), 'PerformancePage'),
          },
          {
            path: '/vendors',
            element: lazyPage(() => import('../features/vendors/components/vendors-page'), 'VendorsPage'),
          },
          {
            path: '/approvals',
            element: lazyPage(() => import('../features/approvals/components/approvals-page'), 'ApprovalsPage'),
          },
          {
            path: '/settings',
            element: lazyPage(() => import('../features/settings/components/settings-page'), 'SettingsPage'),
          },
        ],
      },
      {
        // A statement as a document to print: signed in, without the app's sidebar.
        element: <AuthGate signedOut="redirect" bare />,
        children: [
          {
            path: '/statements/:vendorId/:month/print',
            element: lazyPage(
              () => import('../features/statements/components/print-statement-page'),
              'PrintStatementPage',
            ),
          },
        ],
      },
      { path: '*', element: lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage') },
    ],
  },
];

function Routes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  );
}
