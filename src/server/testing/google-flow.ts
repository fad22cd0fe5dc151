import type { App } from '../app';
import { FLOW_COOKIE } from '../modules/google/routes';

/** Each hop of a Google sign-in, followed by hand: the app through inject(), the fake Google over HTTP. */
export interface GoogleFlowResult {
  start: Awaited<ReturnType<App['inject']>>;
  /** Where the fake Google sent the browser back (the callback URL with code or error, and state). */
  callbackUrl: URL;
  callback: Awaited<ReturnType<App['inject']>>;
  /** The callback's redirect: /?token=..., /auth?error=..., /access-denied, /?google_error=... */
  location: string;
}

export interface GoogleFlowOptions {
  ticket?: string;
  /** Replaces the flow cookie the browser sends back (undefined: the one /auth/google set; null: none). */
  cookie?: string | null;
  /** Changes the callback URL before the browser follows it (a forged state, a replayed code). */
  alterCallback?: (url: URL) => void;
}

export async function runGoogleFlow(app: App, options: GoogleFlowOptions = {}): Promise<GoogleFlowResult> {
  const start = await app.inject({ method: 'GET', url: options.ticket !== undefined ? `/auth/google?ticket=${encodeURIComponent(options.ticket)}` : '/auth/google' });
  if (start.statusCode !== 302) throw new Error(`/auth/google answered ${start.statusCode}: ${start.body}`);
  const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
  if (consent.status !== 302) throw new Error(`fake authorize answered ${consent.status}: ${await consent.text()}`);
  const callbackUrl = new URL(consent.headers.get('location')!);
  options.alterCallback?.(callbackUrl);
  const setCookie = start.cookies.find((cookie) => cookie.name === FLOW_COOKIE)?.value;
  const cookie = options.cookie === undefined ? setCookie : options.cookie;
  const callback = await app.inject({
    method: 'GET',
    url: callbackUrl.pathname + callbackUrl.search,
    cookies: cookie ? { [FLOW_COOKIE]: cookie } : {},
  });
  return { start, callbackUrl, callback, location: String(callback.headers.location) };
}

/** The session token of a successful flow's `/?token=...` redirect. */
export function tokenOf(location: string): string {
  const token = new URL(location, 'http://app').searchParams.get('token');
  if (!token) throw new Error(`no token in ${location}`);
  return token;
}

/** The message of an `?error=` or `?google_error=` redirect. */
export function errorOf(location: string): string | null {
  const params = new URL(location, 'http://app').searchParams;
  return params.get('error') ?? params.get('google_error');
}
