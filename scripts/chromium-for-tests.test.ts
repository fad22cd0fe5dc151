import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('./chromium-for-tests.sh', import.meta.url));
/** What the script starts, with echo in Chromium's place: the arguments it was given. */
const started = (args: string[]) =>
  execFileSync(script, args, { env: { ...process.env, CHROMIUM_PATH: '/bin/echo' }, encoding: 'utf8' }).trim();

it("starts CHROMIUM_PATH with Playwright's arguments, its --disable-features and the omnibox popup's merged into one", () => {
  const given = ['--headless', '--disable-features=PaintHolding,LensOverlay', '--no-sandbox', 'about:blank'];
  expect(started(given).split(' ')).toEqual([
    '--headless',
    '--no-sandbox',
    'about:blank',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PaintHolding,LensOverlay',
  ]);
  expect(started(['--headless'])).toBe('--headless --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup');
});
