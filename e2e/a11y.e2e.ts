/**
 * Accessibility of the lab in Chromium: axe-core (injected from the axe-core package) on the fully rendered
 * default scenario (run finished, playback at the end, both sweeps drawn, a trace prompt selected) and in
 * presentation mode. No violation of impact "serious" or "critical" is allowed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForPage } from './browser';
import { focusPage, injectAxe, openLab, suiteBrowser, waitForCurrentResult, waitForLink, waitForSweeps } from './lab';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

/** Runs axe on the whole page; returns its violations (every impact). */
async function runAxe(page: Page): Promise<Violation[]> {
  await injectAxe(page);
  return page.evaluate<Violation[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
       id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
       nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html, failureSummary: n.failureSummary })) })))`,
  );
}

/**
 * One paragraph per violation: rule, impact, help, then what is wrong, each distinct finding once with how
 * many elements have it and where the first two are (88 trace chips with the same grey read as one line).
 */
function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const groups = new Map<string, Violation['nodes']>();
      for (const n of v.nodes) {
        const key = n.failureSummary.replace(/^Fix (any|all) of the following:\s*/, '').trim();
        groups.set(key, [...(groups.get(key) ?? []), n]);
      }
      const lines = [...groups]
        .slice(0, 12)
        .map(([why, nodes]) => {
          const where = nodes
            .slice(0, 2)
            .map((n) => `      at ${n.target.join(' ')}: ${n.html.slice(0, 160)}`)
            .join('\n');
          return `    ${nodes.length} × ${why.replaceAll('\n', ' ')}\n${where}`;
        })
        .join('\n');
      const more = groups.size > 12 ? `\n    … and ${groups.size - 12} more findings` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}; ${v.helpUrl})\n${lines}${more}`;
    })
    .join('\n\n');
}

function expectNoSeriousViolations(violations: Violation[], where: string): void {
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length > 0) console.log(`axe (${where}), minor or moderate:\n${describeViolations(minor)}`);
  expect(
    serious.map((v) => `${v.id} (${v.nodes.length})`),
    `axe (${where}): serious or critical violations\n\n${describeViolations(serious)}\n`,
  ).toEqual([]);
}

describe('accessibility (axe-core)', () => {
  const suite = suiteBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await openLab(suite.browser); // a fresh profile: the default scenario
    await waitForCurrentResult(page);
    await waitForSweeps(page);
    await page.getByTestId('skip').click();
    await waitForPage(
      page,
      `document.querySelector('[data-testid="playback"]')?.dataset.playing === 'false' && document.querySelectorAll('[data-testid="trace-row"]').length > 2`,
    );
  });

  it('the rendered lab with a trace prompt selected has no serious or critical violations', async () => {
    const row = page.getByTestId('trace-row').nth(2);
    const step = await row.getAttribute('data-step');
    await row.click();
    await waitForPage(page, `document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') === '${step}'`);
    expect(await page.locator('tr[data-testid="decision-arm"]').count()).toBeGreaterThan(0);
    expectNoSeriousViolations(await runAxe(page), 'lab, trace prompt selected');
  });

  it('presentation mode has no serious or critical violations', async () => {
    await page.getByTestId('present-toggle').click();
    expect(await page.getByTestId('controls').count()).toBe(0);
    await waitForLink(page, 'present=1');
    // Every slide, moved to with → as a presenter would.
    await focusPage(page);
    for (let i = 1; i <= 7; i++) {
      await waitForPage(page, `document.querySelector('[data-testid="slide-title"]')?.textContent.startsWith('${i} / 7')`);
      const slide = await page.getByTestId('slide-deck').getAttribute('data-slide');
      expectNoSeriousViolations(await runAxe(page), `presentation mode, slide ${i} (${slide})`);
      await page.keyboard.press('ArrowRight');
    }
    await focusPage(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('controls').waitFor();
  });
});
