import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type axe from 'axe-core';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { setupUrlFromLog } from '#server/testing/server-process';

export const ADMIN_EMAIL = 'admin@agency.test';
export const PASSWORD = 'correct horse battery';

/** A fresh address per test, so specs never depend on each other's data. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@agency.test`;
}

/** The invite token of an invite link (`.../auth?invite=<token>`). */
export const inviteTokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('invite')!;

/** The first admin's setup link, from the log the e2e server writes (playwright.config.ts). */
export function setupUrlFor(email = ADMIN_EMAIL): string {
  const found = setupUrlFromLog(readFileSync(join(process.env.E2E_DATA_DIR!, 'server.log'), 'utf8'), email);
  if (!found) throw new Error(`no setup link for ${email} in the server log`);
  return found;
}

/** Invite tokens from the admin's answers, by address, until the address registers. */
const invites = new Map<string, string>();

async function registerWith(request: APIRequestContext, email: string, password: string, invite: string) {
  const registered = await request.post('/api/register', { data: { email, password, invite } });
  expect(registered.status(), `register ${email}: ${await registered.text()}`).toBe(201);
  return (await registered.json()).token as string;
}

/**
 * Registers the address with its invite (authorize() keeps it; the first admin's is the setup link in the server log),
 * or signs in when it already has an account; returns its token.
 */
export async function tokenFor(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const invite = invites.get(email);
  if (invite) {
    invites.delete(email);
    return registerWith(request, email, password, invite);
  }
  let loggedIn = await request.post('/api/login', { data: { email, password } });
  if (loggedIn.status() === 401 && email === ADMIN_EMAIL) {
    const invite = inviteTokenOf(setupUrlFor(email));
    const registered = await request.post('/api/register', { data: { email, password, invite } });
    if (registered.status() === 201) return (await registered.json()).token as string;
    // The specs run side by side: another worker's first spec may have used the setup link a moment before.
    loggedIn = await request.post('/api/login', { data: { email, password } });
  }
  expect(loggedIn.ok(), `sign in ${email}: ${await loggedIn.text()}`).toBeTruthy();
  return (await loggedIn.json()).token;
}

export async function authorize(request: APIRequestContext, adminToken: string, email: string) {
  const response = await request.post('/api/authorized-emails', {
    data: { email },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const added = await response.json();
  invites.set(email, inviteTokenOf(added.inviteUrl));
  return added;
}

/** Opens the app already signed in with the token (on the shared server, or at `origin`: a spec's own server). */
export async function signInWithToken(page: Page, token: string, path = '/', origin = '') {
  await page.goto(`${origin}/access-denied`);
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  await page.goto(`${origin}${path}`);
}

/** axe's minified build: 0.65 MB for the page to parse where `axe.source` is 1.5 MB. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function expectNoSeriousA11yViolations(page: Page) {
  // axe runs in the page's own frame only: sandboxed previews take no scripts, so axe cannot be injected into them
  // (and their content is the vendor's email, not our UI).
  // Injected once per document: injecting took longer than a check (about 0.5 s against 0.1–0.3 s, measured).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Checked once the page is still: a dialog fading in has its text at part of its contrast (seen failing
    // color-contrast now and then). Endless animations (a spinner) never finish and are left running.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`)).toEqual([]);
}

/**
 * The viewport at this size once the layout has settled: crossing the phone breakpoint narrows or widens the sidebar
 * over 150 ms, and a page measured or photographed during it is neither the old layout nor the new one.
 */
export async function resizeTo(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * A screenshot for people to look at, kept in the test's output folder as `name`; not taken in CI (`CI` set), whose
 * checkout and files nobody sees. Each was about a second of the browser's CPU (a full page is laid out and painted
 * again at its whole height, then encoded as PNG): together 8 % of the browser tests' CPU (decision 0085). A failed
 * test's own screenshot is Playwright's, taken in CI too.
 */
export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.CI) return;
  await target.screenshot({ path: test.info().outputPath(name), ...options });
}

/**
 * Screenshots at the desktop and the phone width (looked at when the spec was written): the whole page from its top,
 * or the viewport as it is (a dialog scrolls on its own). At each width, nothing may stick out of the screen: that is
 * checked in CI too.
 */
export async function screenshots(page: Page, name: string, { fullPage = true } = {}) {
  for (const [width, height, size] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await resizeTo(page, width, height);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, `${name}-${size}.png`, { fullPage });
    // Nothing wider than the screen: the tables scroll inside their own regions.
    const { scrollWidth, widest } = await page.evaluate((screen) => {
      const outside = [...document.body.querySelectorAll('*')].filter(
        (element) => element.getBoundingClientRect().right > screen + 0.5,
      );
      // The innermost ones: what sticks out, not every box around it.
      const innermost = outside.filter(
        (element) => !outside.some((other) => other !== element && element.contains(other)),
      );
      return {
        scrollWidth: document.documentElement.scrollWidth,
        widest: innermost.slice(0, 5).map((element) => element.outerHTML.slice(0, 200)),
      };
    }, width);
    expect(scrollWidth, `wider than the screen: ${widest.join('\n')}`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Fails the test on any console error or uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // The browser logs every 4xx answer of a fetch, and the 503 of a simulated outage; tests provoke those on purpose.
        if (/Failed to load resource: the server responded with a status of (4\d\d|503)/.test(text)) return;
        // Sandboxed previews refusing scripts is what they are for (an uploaded creative may carry some). They refuse
        // the page clock's init script too, in their document and, when it runs early enough, in the empty
        // 'about:blank' a frame starts with before its srcdoc loads (seen failing one CI run).
        if (/Blocked script execution in 'about:(srcdoc|blank)'/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A server a spec started for itself (#server/testing/server-process): its address and its first admin's setup link. */
interface OwnServer {
  url: string;
  setupUrl(email: string): Promise<string>;
}

/**
 * Signs up `email`, the first admin of a server the spec started for itself, with its setup link; returns an API
 * context on that server and the admin's token.
 */
export async function firstAdminOf(
  server: OwnServer,
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  email: string,
) {
  const request = await playwright.request.newContext({ baseURL: server.url });
  const invite = inviteTokenOf(await server.setupUrl(email));
  const registered = await request.post('/api/register', { data: { email, password: PASSWORD, invite } });
  expect(registered.status(), await registered.text()).toBe(201);
  return { request, token: (await registered.json()).token as string };
}
