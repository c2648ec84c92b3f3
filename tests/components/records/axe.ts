import axe from 'axe-core';

/**
 * Runs axe-core (WCAG 2.x A/AA, as the e2e tests do) on the document and returns the violations as
 * `rule: targets`. jsdom has no layout or canvas, so colour contrast is left to the e2e run in Chromium.
 */
export async function axeViolations(context: Element = document.body): Promise<string[]> {
  const result = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
