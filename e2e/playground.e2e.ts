/**
 * The prompt playground in Chromium: a learner warmed up in its own worker answers about a prompt, and a
 * ✓/✗ on a model's answer changes that model's q̂ as the engine's update says it should. Typed prompts are
 * shown as text, never as HTML.
 */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assertNoExternalRequests, waitForPage } from './browser';
import { openLab, suiteBrowser } from './lab';

/** q̂ of every model as the playground's table holds it (data-qhat). */
async function qHats(page: Page): Promise<number[]> {
  const rows = page.locator('[data-testid^="pg-arm-"]');
  const out: number[] = [];
  for (const row of await rows.all()) out.push(Number(await row.getAttribute('data-qhat')));
  return out;
}

async function waitForFeedback(page: Page, n: number): Promise<void> {
  await waitForPage(
    page,
    `document.querySelector('[data-testid="pg-answer"]')?.getAttribute('data-feedback') === '${n}' &&
     document.querySelector('[data-testid="playground"]')?.getAttribute('data-status') === 'ready'`,
    { timeout: 60_000 },
  );
}

describe('prompt playground', () => {
  const suite = suiteBrowser();

  it('draws a prompt from a built-in world, shows the oracle beside the learner, and learns from ✗', async () => {
    const page = await openLab(suite.browser, '#world=sudoku&algos=promptwise,oracle&T=100&trials=1');
    const card = page.getByTestId('card-playground');
    await card.getByTestId('pg-sample').click();
    await page.getByTestId('pg-answer').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid^="pg-arm-"]').count()).toBe(5);
    await page.getByTestId('pg-oracle').waitFor();
    const before = await qHats(page);
    for (const q of before) expect(q).toBeGreaterThan(0);
    // The next query in the words of the trace's decisions (ui/views/explain.ts), of the model the table marks.
    const chosen = (await page.locator('tr.pg-chosen th').first().textContent())?.trim() ?? '';
    expect(chosen).not.toBe('');
    const next = (await page.getByTestId('pg-next').textContent()) ?? '';
    expect(next.startsWith(`Next: ${chosen}. `), next).toBe(true);
    expect(next.slice(`Next: ${chosen}. `.length)).toMatch(new RegExp(`^(Chose ${chosen}|Forced exploration: ${chosen} has not been tried)`));

    const rows = page.locator('[data-testid^="pg-arm-"]');
    await rows
      .nth(2)
      .getByRole('button', { name: /answered wrongly/ })
      .click();
    await waitForFeedback(page, 1);
    const after = await qHats(page);
    expect(after[2]).toBeLessThan(before[2]);
    expect(after.filter((_, i) => i !== 2)).toEqual(before.filter((_, i) => i !== 2));
    expect(await page.getByTestId('pg-log').textContent()).toContain('qwen-plus ✗');
    // A drawn prompt has its own costs: the typed prompt's footnote does not apply, so it is not shown.
    expect(await page.getByTestId('pg-footnote').textContent()).not.toContain('typed prompt');
    expect(await page.getByTestId('pg-footnote').textContent()).toContain('λ = 0.01, τ_max = 5.');

    // Another λ: the learner and its plans were of the old one, so the answer gives way to a sentence, until asked again.
    await page.getByTestId('lambda').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('pg-stale').waitFor();
    expect(await page.getByTestId('pg-answer').count()).toBe(0);
    await card.getByTestId('pg-sample').click();
    await page.getByTestId('pg-answer').waitFor({ timeout: 60_000 });
    const lambda = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('lambda'));
    expect(lambda).not.toBe('0.01');
    expect(await page.getByTestId('pg-footnote').textContent()).toContain(`λ = ${lambda}, τ_max = 5.`);
    expect(suite.browser.errors, 'console errors').toEqual([]);
  });

  it('a fresh learner (no warm-up): one ✗ visibly lowers that model’s q̂ and bonus, shown before → after', async () => {
    const page = await openLab(suite.browser, '#world=sudoku&algos=promptwise,oracle&T=100&trials=1');
    const card = page.getByTestId('card-playground');
    await card.getByTestId('pg-fresh').check();
    expect(await card.getByTestId('pg-intro').textContent()).toMatch(/^A fresh learner that has seen nothing yet/);
    await card.getByTestId('pg-sample').click();
    await page.getByTestId('pg-answer').waitFor({ timeout: 60_000 });
    // It has seen nothing: every model's observation count is 0.
    const seen = await page.locator('[data-testid^="pg-arm-"] td:nth-last-child(2)').allTextContents();
    expect(seen).toEqual(['0', '0', '0', '0', '0']);
    expect(await page.getByTestId('pg-change').count()).toBe(0);

    const before = await qHats(page);
    await page
      .locator('[data-testid="pg-arm-1"]')
      .getByRole('button', { name: /answered wrongly/ })
      .click();
    await waitForFeedback(page, 1);
    const after = await qHats(page);
    // Visibly: a first ✗ on a model the learner knows nothing about moves its q̂ by more than 0.1.
    expect(before[1] - after[1]).toBeGreaterThan(0.1);
    const change = page.getByTestId('pg-change');
    expect(await change.textContent()).toMatch(/^✗ on deepseek-chat: q̂ /);
    const qhat = page.getByTestId('pg-change-qhat');
    expect(Number(await qhat.getAttribute('data-before'))).toBe(before[1]);
    expect(Number(await qhat.getAttribute('data-after'))).toBe(after[1]);
    const bonus = page.getByTestId('pg-change-bonus');
    expect(Number(await bonus.getAttribute('data-after'))).toBeLessThan(Number(await bonus.getAttribute('data-before')));
    expect(await page.getByTestId('pg-change-plan').textContent()).toMatch(/^Plan: /);

    // Back to the warmed-up learner: a new learner, nothing carried over.
    await card.getByTestId('pg-fresh').uncheck();
    expect(await card.getByTestId('pg-intro').textContent()).toMatch(/^A learner warmed up on 500 prompts/);
    expect(await page.getByTestId('pg-answer').count()).toBe(0);
    expect(suite.browser.errors, 'console errors').toEqual([]);
  });

  it('routes a typed prompt on a recorded dataset, as text, with its nearest recorded prompts; ✓ raises q̂', async () => {
    const page = await openLab(suite.browser, '#world=data:routeprofile-ulab&features=hashed-ngrams&dim=32&costs=prices&algos=promptwise&T=100&trials=1');
    const card = page.getByTestId('card-playground');
    const typed = 'def add(a, b): return a + b  <img src=x onerror="window.__pwned=1"><b>bold</b>';
    await card.getByTestId('pg-text').fill(typed);
    await card.getByTestId('pg-ask').click();
    await page.getByTestId('pg-answer').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('pg-prompt-text').textContent()).toBe(typed);
    expect(await page.locator('[data-testid="pg-answer"] img, [data-testid="pg-answer"] b').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('[data-testid="pg-neighbours"] li').count()).toBe(5);
    expect(await page.locator('[data-testid^="pg-arm-"]').count()).toBe(8);
    // No truth for a typed prompt: no oracle plan.
    expect(await page.getByTestId('pg-oracle').count()).toBe(0);
    expect(await page.getByTestId('pg-footnote').textContent()).toContain("Costs of a typed prompt are the models' mean costs");

    const before = await qHats(page);
    await page
      .locator('[data-testid="pg-arm-0"]')
      .getByRole('button', { name: /answered correctly/ })
      .click();
    await waitForFeedback(page, 1);
    const after = await qHats(page);
    expect(after[0]).toBeGreaterThan(before[0]);

    // A recorded neighbour has the truth: picking it shows the oracle's plan.
    await page.locator('[data-testid="pg-neighbours"] button').first().click();
    await page.getByTestId('pg-oracle').waitFor({ timeout: 30_000 });
    const neighbourText = await page.getByTestId('pg-prompt-text').textContent();
    // "A recorded prompt" draws from the world's seeded stream: a recorded prompt with its text and truth.
    await page.getByTestId('pg-recorded').click();
    await waitForPage(page, `document.querySelector('[data-testid="pg-prompt-text"]')?.textContent !== ${JSON.stringify(neighbourText)}`, {
      timeout: 30_000,
    });
    await page.getByTestId('pg-oracle').waitFor();
    expect(await page.getByTestId('pg-answer').getAttribute('data-feedback')).toBe('0');
    expect(suite.browser.errors, 'console errors').toEqual([]);
    assertNoExternalRequests(suite.browser);
  });

  it('a typed prompt with no task under task one-hot features says its context is empty, with the learner’s own q̂ and bonus', async () => {
    const page = await openLab(suite.browser, '#world=data:routeprofile-ulab&features=task-onehot&costs=prices&algos=promptwise&T=100&trials=1');
    const card = page.getByTestId('card-playground');
    await card.getByTestId('pg-text').fill('What is the capital of France?');
    await card.getByTestId('pg-ask').click();
    await page.getByTestId('pg-answer').waitFor({ timeout: 90_000 });
    const note = (await page.getByTestId('pg-empty-context').textContent()) ?? '';
    expect(note).toMatch(/^No task chosen: with task one-hot features this prompt's context is empty/);
    // The numbers it states are the table's: every model at σ(0) = 0.5, bonus 0.
    expect(await qHats(page)).toEqual(Array(8).fill(0.5));
    expect(note).toContain('q̂ is 0.500 and the bonus 0 for every model');
    await page.close();
  });
});
