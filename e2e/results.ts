import type { Page } from '@playwright/test';

/** Chooses a CSV in the Results screen's import area (its file input: the first on the screen). */
export async function chooseResultsFile(page: Page, name: string, content: string) {
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}
