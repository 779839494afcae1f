// The browser files share one chromium, launched once for the run by the browser project's global
// setup (test/setup/browser.ts): a file connects to it, and closing what it opened leaves it
// running for the next file.
import { expect, inject, it } from 'vitest';
import { hasChromium, openBrowser } from '../helpers/browser.js';
import { describeWith } from '../helpers/cli.js';

describeWith('chromium', hasChromium, "the run's chromium", () => {
  it('is handed to the file, which draws a page on it; closing the file’s browser leaves it running', async () => {
    expect(inject('chromiumEndpoint')).toMatch(/^wss?:\/\//);
    const first = await openBrowser();
    const page = await first.newPage();
    await page.setContent('<p>one chromium</p>');
    expect(await page.textContent('p')).toBe('one chromium');
    await first.close();
    const again = await openBrowser();
    try {
      expect(await (await again.newPage()).evaluate(() => 1 + 1)).toBe(2);
    } finally {
      await again.close();
    }
  });
});
