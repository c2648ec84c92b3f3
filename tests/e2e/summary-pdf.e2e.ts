import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserForThisFile, resultsDir, screenshot, settle } from './helpers/browser';
import { expectNoViolations, signedInPages } from './helpers/intake-pages';

/*
 * The plan summary PDF (issue 30), in Chromium against the demo data: Pat Rivera downloads it from their
 * client-info page and from the review; the file is named after the trust, its text read with pdftotext,
 * and its pages turned into images (pdftoppm -png -r 60, test-results/summary-pdf-*.png) to be looked at.
 * axe and screenshots at 1280 and 390 px of the page with the link.
 */

const PAT = 'pat.rivera@demo.trustwell.test';
const FILE_NAME = 'Rivera Family Trust – summary.pdf';
const LINK = 'Download summary (PDF)';

const browser = browserForThisFile();
const { signedIn, closeAll } = signedInPages(browser);
afterAll(closeAll);

/** Clicks the link and saves the download under test-results/; answers its suggested name and its path. */
async function download(page: Page, name: string): Promise<{ suggested: string; file: string }> {
  const [event] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: LINK }).first().click()]);
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.pdf`);
  await event.saveAs(file);
  return { suggested: event.suggestedFilename(), file };
}

/** The PDF's pages as PNG images at 60 dpi (test-results/<name>-<n>.png), to be looked at; answers their count. */
function pagesAsImages(file: string, name: string): number {
  for (const old of fs.readdirSync(resultsDir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))) fs.rmSync(path.join(resultsDir, old));
  execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(resultsDir, name)]);
  return fs.readdirSync(resultsDir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).length;
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe('the plan summary PDF', () => {
  it('Pat downloads it from their client-info page: named after the trust, with the plan’s people and assets', async () => {
    const page = await signedIn(PAT, 1280);
    await page.goto('/client-info');
    await page.waitForLoadState('networkidle');
    const link = page.getByRole('link', { name: LINK });
    await expect(link.count()).resolves.toBe(1);
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/api\/plan-summary\/[\w-]{22}$/);
    const started = Date.now();
    const { suggested, file } = await download(page, 'summary-pdf-client-info');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(suggested).toBe(FILE_NAME);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file);
    for (const expected of ['The Rivera Family Trust', 'Under Attorney Review', 'Successor trustees', 'Primary beneficiaries', 'Probate exposure'])
      expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
    expect(text).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    expect(pagesAsImages(file, 'summary-pdf-client-info')).toBeGreaterThanOrEqual(3);

    await expectNoViolations(page, 'summary-pdf-client-info-1280');
    await screenshot(page, 'summary-pdf-client-info-1280');
  });

  it('Pat downloads it from the review too, beside Print', async () => {
    const page = await signedIn(PAT, 1280);
    await page.goto('/client-info');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Review Information' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Review Information' }).waitFor();
    // At the top and at the bottom of the review, as Print is.
    await expect(page.getByRole('link', { name: LINK }).count()).resolves.toBe(2);
    const { suggested, file } = await download(page, 'summary-pdf-review');
    expect(suggested).toBe(FILE_NAME);
    expect(pdfText(file)).toContain('How the estate passes when both have died');
    await expectNoViolations(page, 'summary-pdf-review-1280');
    await screenshot(page, 'summary-pdf-review-1280');
  });

  it('at 390 px the link fits the page header', async () => {
    const page = await signedIn(PAT, 390);
    await page.goto('/client-info');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: LINK }).waitFor();
    await settle(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoViolations(page, 'summary-pdf-client-info-390');
    await screenshot(page, 'summary-pdf-client-info-390');
  });
});
