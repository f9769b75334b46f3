/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is (docs/performance.md#the-test-suites-time).
 * axe's source (about 500 KB) is evaluated once per document and stays for the next checks;
 * @axe-core/playwright's AxeBuilder evaluated it on every check, and again in a blank page it opened
 * to merge the results. The rules, tags and findings are the same; the app has no frames to visit.
 */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = { axe?: typeof axe };

/** The violations of WCAG 2.1 A and AA on the page, or only within `include` (a CSS selector). */
export async function axeViolations(page: Page, include?: string): Promise<axe.Result[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as AxeWindow).axe?.run === 'function');
  if (!loaded) {
    await page.evaluate(axe.source);
    // As AxeBuilder configures it: this document only, reports branded as from Playwright.
    await page.evaluate(() =>
      (globalThis as AxeWindow).axe?.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  }
  return page.evaluate(
    async ({ context, tags }) => {
      const axeInPage = (globalThis as AxeWindow).axe;
      if (!axeInPage) throw new Error('axe-core did not load in the page');
      // Only the violations are read: the other result types keep one node each, not every one.
      const results = await axeInPage.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    { context: { include: include ? [include] : [], exclude: [] }, tags: WCAG_21_AA_TAGS },
  );
}
