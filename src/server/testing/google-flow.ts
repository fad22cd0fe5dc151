import type { App } from '../app';
import { EXCHANGE_COOKIE, FLOW_COOKIE } from '../modules/google/routes';

/** Each hop of a Google sign-in, followed by hand: the app through inject(), the fake Google over HTTP. */
export interface GoogleFlowResult {
  start: Awaited<ReturnType<App['inject']>>;
  /** Where the fake Google sent the browser back (the callback URL with code or error, and state). */
  callbackUrl: URL;
  callback: Awaited<ReturnType<App['inject']>>;
  /** The callback's redirect: /?google_code=..., /?google_connected=1, /auth?error=..., /access-denied, /?google_error=... */
  location: string;
  /** The sealed cookie that binds the sign-in code to this browser (set with /?google_code=). */
  exchangeCookie: string | undefined;
}

export interface GoogleFlowOptions {
  ticket?: string;
  /** Replaces the flow cookie the browser sends back (undefined: the one /auth/google set; null: none). */
  cookie?: string | null;
  /** Changes the callback URL before the browser follows it (a forged state, a replayed code). */
  alterCallback?: (url: URL) => void;
}

export async function runGoogleFlow(app: App, options: GoogleFlowOptions = {}): Promise<GoogleFlowResult> {
  const start = await app.inject({
    method: 'GET',
    url: options.ticket !== undefined ? `/auth/google?ticket=${encodeURIComponent(options.ticket)}` : '/auth/google',
  });
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
  const exchangeCookie = callback.cookies.find((set) => set.name === EXCHANGE_COOKIE)?.value;
  return { start, callbackUrl, callback, location: String(callback.headers.location), exchangeCookie };
}

/** The one-time code of a successful sign-in's `/?google_code=...` redirect. */
export function signInCodeOf(location: string): string {
  const code = new URL(location, 'http://app').searchParams.get('google_code');
  if (!code) throw new Error(`no sign-in code in ${location}`);
  return code;
}

/** POST /api/auth/google/exchange as the browser would: the code, and the cookie (this flow's unless given). */
export function exchangeSignInCode(app: App, code: string, cookie: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    payload: { code },
    cookies: cookie ? { [EXCHANGE_COOKIE]: cookie } : {},
  });
}

/** The session token a successful sign-in flow ends with, exchanged as the browser does. */
export async function sessionOf(app: App, flow: GoogleFlowResult): Promise<string> {
  const response = await exchangeSignInCode(app, signInCodeOf(flow.location), flow.exchangeCookie);
  if (response.statusCode !== 200) throw new Error(`exchange answered ${response.statusCode}: ${response.body}`);
  return response.json().token;
}

/** The message of an `?error=` or `?google_error=` redirect. */
export function errorOf(location: string): string | null {
  const params = new URL(location, 'http://app').searchParams;
  return params.get('error') ?? params.get('google_error');
}
