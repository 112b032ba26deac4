import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchApp } from './harness';
import type { E2eApp } from './harness';
import { makePdf } from './workspace-helpers';

/** A 2 × 2 PNG: an image preview (its width is set from the zoom through the style prop, i.e. CSSOM). */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/**
 * The CSP has no 'unsafe-inline' for styles; a style attribute in markup or a <style> element would be
 * refused. Chromium reports each refusal as a securitypolicyviolation event: the app, used across its
 * screens with a PDF and an image preview, must cause none (React's style prop goes through CSSOM).
 */
describe('Content-Security-Policy in Chromium', () => {
  let app: E2eApp;
  let context: BrowserContext;
  let page: Page;
  const consoleRefusals: string[] = [];

  beforeAll(async () => {
    app = await launchApp();
    context = await app.browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
    page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(
          `${e.violatedDirective} ${e.blockedURI} ${e.sample} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        ),
      );
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleRefusals.push(m.text());
    });
  });
  afterAll(async () => {
    await context?.close();
    await app?.close();
  });

  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  it("is sent without 'unsafe-inline'", async () => {
    const response = await page.goto(app.demo.web.url);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    await page.getByTestId('app-version').waitFor();
  });

  it('reports no violation across the screens, with a PDF and an image preview', async () => {
    const drop = (name: string, bytes: Uint8Array, type: string) =>
      page.evaluate(
        ({ name, data, type }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([new Uint8Array(data)], name, { type }));
          for (const kind of ['dragenter', 'dragover', 'drop'])
            document.body.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
        },
        { name, data: [...bytes], type },
      );
    await drop('Brief.pdf', makePdf(['CSP']), 'application/pdf');
    await drop('Foto.png', PNG, 'image/png');
    const pdfRow = page.getByTestId('doc-row').filter({ hasText: 'Brief.pdf' });
    await pdfRow.click();
    await page.getByTestId('pdf-canvas').waitFor();
    await page.getByTestId('doc-row').filter({ hasText: 'Foto.png' }).click();
    await page.getByTestId('image-preview').waitFor();
    await page.locator('.preview-canvas').focus();
    await page.keyboard.press('+');
    for (const id of await page
      .locator('[data-testid^="nav-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))) {
      await page.getByTestId(id).click();
      await page.waitForTimeout(300);
    }
    expect(await violations()).toEqual([]);
    expect(consoleRefusals).toEqual([]);
  });
});
