import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('./chromium-for-tests.sh', import.meta.url));

it("starts CHROMIUM_PATH with Playwright's arguments, its --disable-features and the omnibox popup's merged into one", () => {
  // echo in Chromium's place prints the arguments it was given.
  const given = ['--headless', '--disable-features=PaintHolding,LensOverlay', '--no-sandbox', 'about:blank'];
  const started = execFileSync(script, given, {
    env: { ...process.env, CHROMIUM_PATH: '/bin/echo' },
    encoding: 'utf8',
  });
  expect(started.trim().split(' ')).toEqual([
    '--headless',
    '--no-sandbox',
    'about:blank',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PaintHolding,LensOverlay',
  ]);
  const alone = execFileSync(script, ['--headless'], {
    env: { ...process.env, CHROMIUM_PATH: '/bin/echo' },
    encoding: 'utf8',
  });
  expect(alone.trim()).toBe('--headless --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup');
});
