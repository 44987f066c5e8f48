/**
 * The lab's numbers in Chromium against the engine in Node, through the real worker: the default scenario's
 * curves at t = T, the trace and decision panel while stepping, the τ_max trade-off sweep; and the main thread
 * stays responsive (no main-thread task over 100 ms of CPU) while a 20-trial run computes and plays back.
 *
 * Node and Chromium may differ by one ulp in Math.exp and friends (docs/ENGINE.md), so floats are compared
 * with a relative tolerance of 1e-9, never bit for bit.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type LabConfig, type LabResult, labBuiltin, sweepBuiltin, type TraceRow } from '../src/engine/lab';
import { sweepRounds } from '../src/engine/lab/sweepSlices';
import { ALGO_IDS } from '../src/state/catalog';
import { labConfigOf, sweepValues } from '../src/state/lab/config';
import { DEFAULT_HASH_STATE, DEFAULT_PARAMS, decodeHash, encodeHash } from '../src/state/urlCodec';
import { type LabBrowser, waitForPage } from './browser';
import { ALGO_ROWS, focusPage, hashOf, METRICS, openLab, parseShown, suiteBrowser, waitForCurrentResult, waitForLink, waitForSweeps } from './lab';
import { type MainThreadTask, traceMainThread } from './mainThread';

const REL_TOL = 1e-9;

/**
 * How far the page's figure may be from the engine's in Node: REL_TOL of the larger magnitude (the two JS engines'
 * last digits), and 1e-12 absolute, for values at 0.
 */
const tolerance = (actual: number, expected: number) => REL_TOL * Math.max(Math.abs(actual), Math.abs(expected)) + 1e-12;
const isClose = (actual: number, expected: number) => Math.abs(actual - expected) <= tolerance(actual, expected);

function expectClose(actual: number, expected: number, what: string): void {
  expect(Number.isFinite(actual) || Number.isNaN(expected), `${what}: page shows ${actual}`).toBe(true);
  expect(Math.abs(actual - expected), `${what}: page ${actual}, engine ${expected}`).toBeLessThanOrEqual(tolerance(actual, expected));
}

interface ShownFinal {
  algo: string;
  value: number;
  std: number;
  t: number;
}

/** The hidden readout of one curve chart: each algorithm's mean ± std at the last drawn step. */
function readFinals(page: Page, metric: string): Promise<ShownFinal[]> {
  return page.evaluate<ShownFinal[]>(
    `[...document.querySelectorAll('ul[data-testid="curve-final-${metric}"] > li')].map((li) => ({
       algo: li.dataset.algo, value: Number(li.dataset.value), std: Number(li.dataset.std), t: Number(li.dataset.t) }))`,
  );
}

/**
 * Moves the pointer to a point of `target` (fractions of its box) and waits for the tooltip `tip`: the target's box
 * (to move away from later) and the tooltip's head line.
 */
async function hoverForTooltip(
  target: Locator,
  [fx, fy]: [number, number],
  tip: Locator,
): Promise<{ box: { x: number; y: number; width: number; height: number }; head: string }> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} is not drawn`);
  await target.page().mouse.move(box.x + fx * box.width, box.y + fy * box.height);
  await tip.waitFor({ timeout: 10_000 });
  return { box, head: (await tip.locator('.pw-tooltip-head').textContent()) ?? '' };
}

/** A chart's legend: each algorithm's shown name → its id. */
async function legendIds(figure: Locator): Promise<Record<string, string>> {
  return Object.fromEntries(
    await figure.locator('.pw-legend-item[data-algo]').evaluateAll((items) => items.map((li) => [li.textContent ?? '', li.getAttribute('data-algo') ?? ''])),
  );
}

/** A chart tooltip's rows, top to bottom: each algorithm's name and the (first) value shown. */
function readTooltipRows(tip: Locator): Promise<{ name: string; value: string }[]> {
  return tip
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => ({ name: r.querySelector('th')?.textContent ?? '', value: r.querySelector('td')?.textContent ?? '' })));
}

/** One row per expected value, in that order, each equal to it to the digits shown (3 significant). */
function expectTooltipRows(shown: { name: string; value: string }[], want: number[], what: string): void {
  expect(shown).toHaveLength(want.length);
  for (const [i, row] of shown.entries()) expectShown(row.value, want[i], `${row.name}: the engine's ${what}`);
}

/** A figure as shown (3 significant digits) equals `want` to those digits. */
function expectShown(text: string, want: number, what: string): void {
  const value = parseShown(text);
  expect(Math.abs(value - want), `${what} is ${want}, shown ${text}`).toBeLessThanOrEqual(
    0.5 * 10 ** (Math.floor(Math.log10(Math.abs(want))) - 2) + tolerance(value, want),
  );
}

interface ShownTraceRow {
  step: number;
  pulls: { arm: string; reward: number; cost: number; index: number }[];
}

/** The visible trace rows, top (newest) first, with their pulls in document order. */
function readTrace(page: Page): Promise<ShownTraceRow[]> {
  return page.evaluate<ShownTraceRow[]>(
    `[...document.querySelectorAll('[data-testid="trace-row"][data-step]')].map((row) => ({
       step: Number(row.dataset.step),
       pulls: [...row.querySelectorAll('[data-testid="trace-pull"]')].map((p) => ({
         arm: p.dataset.arm, reward: Number(p.dataset.reward), cost: Number(p.dataset.cost), index: Number(p.dataset.index) })) }))`,
  );
}

interface ShownDecisions {
  step: number;
  decisions: { arm: string; rows: { arm: string; chosen: boolean }[] }[];
}

function readDecisionPanel(page: Page): Promise<ShownDecisions> {
  return page.evaluate<ShownDecisions>(
    `(() => {
       const panel = document.querySelector('[data-testid="decision-panel"]');
       return {
         step: Number(panel?.dataset.step),
         decisions: [...(panel?.querySelectorAll('[data-decision]') ?? [])].map((d) => ({
           arm: d.dataset.arm,
           rows: [...d.querySelectorAll('tr[data-testid="decision-arm"]')].map((tr) => ({
             arm: tr.dataset.arm, chosen: tr.dataset.chosen === 'true' })) })) };
     })()`,
  );
}

const cursorOf = async (page: Page) => Number(await page.getByTestId('playback').getAttribute('data-cursor'));

/** Waits until the trace's newest row is step `step` (the cursor is at step + 1). */
async function waitForTraceTop(page: Page, step: number): Promise<void> {
  await waitForPage(page, `document.querySelector('[data-testid="trace-row"]')?.getAttribute('data-step') === '${step}'`, {
    timeout: 10_000,
    polling: 20,
  });
}

/** A shown trace row against the engine's: the same models, in order, with the same outcomes and prices. */
function expectTraceRow(shown: ShownTraceRow, row: TraceRow, arms: string[]): void {
  const what = `trace row ${shown.step}`;
  expect(shown.step, what).toBe(row.step);
  expect(
    shown.pulls.map((p) => [p.arm, p.reward]),
    `${what}: models and outcomes`,
  ).toEqual(row.pulls.map((p) => [arms[p.arm], p.reward]));
  expect(
    shown.pulls.map((p) => p.index),
    `${what}: pull order`,
  ).toEqual(row.pulls.map((_, i) => i));
  shown.pulls.forEach((p, i) => {
    expectClose(p.cost, row.pulls[i].cost, `${what} pull ${i} cost`);
  });
}

/**
 * One λ step (ArrowRight on its slider) with the playback held at the end: the default scenario (T = 1000,
 * 20 trials) runs again, is shown at the end, plays back 0 → T, and the sweeps run.
 */
async function runAndPlayBack(lab: Page): Promise<void> {
  // Skip to the end first: the new result is then held at the end (as after the scrubber).
  await lab.getByTestId('skip').click();
  const before = await hashOf(lab);
  await lab.getByTestId('lambda').focus();
  await lab.keyboard.press('ArrowRight');
  await waitForPage(lab, `location.hash !== ${JSON.stringify(before)}`);
  const hash = await hashOf(lab);
  expect(hash).toContain('&T=1000&trials=20&');
  await lab.locator('[data-testid="run-status"][data-status="running"]').waitFor({ timeout: 10_000 });
  await waitForCurrentResult(lab);
  // The playback was skipped to the end, so the new result is held there too (as after the scrubber): play it.
  expect(await lab.getByTestId('playback').getAttribute('data-playing')).toBe('false');
  expect(await cursorOf(lab)).toBe(1000);
  await lab.getByTestId('play').click();
  expect(await lab.getByTestId('playback').getAttribute('data-playing')).toBe('true');
  await waitForPage(
    lab,
    `(() => { const p = document.querySelector('[data-testid="playback"]'); return p.dataset.playing === 'false' && p.dataset.cursor === '1000'; })()`,
    { timeout: 60_000, polling: 200 },
  );
  await waitForSweeps(lab);
}

const slowest = (tasks: MainThreadTask[], n = 3) =>
  [...tasks]
    .sort((a, b) => b.cpuMs - a.cpuMs)
    .slice(0, n)
    .map((t) => `${t.cpuMs.toFixed(0)} ms CPU (${t.wallMs.toFixed(0)} ms wall)`)
    .join(', ');

/** The lab issue's bound for any main-thread task while a 20-trial run computes and plays back (CPU time). */
const LONG_TASK_LIMIT_MS = 100;
const MAX_ATTEMPTS = 3;

/**
 * Traces `during` up to MAX_ATTEMPTS times and expects one attempt's slowest main-thread task under
 * LONG_TASK_LIMIT_MS of CPU. CPU time still varies a little with cache and frequency contention, and with which
 * renders coalesce into one task: the bound holds on the first attempt under it. Each attempt is logged with the
 * load average.
 */
async function expectNoLongTask(
  browser: LabBrowser,
  page: Page,
  what: string,
  during: (attempt: number) => Promise<void>,
  check: (tasks: MainThreadTask[]) => void = () => {},
): Promise<void> {
  const worst: number[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const tasks = await traceMainThread(browser.context, page, () => during(attempt));
    check(tasks);
    worst.push(Math.max(...tasks.map((t) => t.cpuMs)));
    console.log(
      `${what}, attempt ${attempt}: ${tasks.length} main-thread tasks; slowest ${slowest(tasks)}; ` +
        `longest wall ${Math.max(...tasks.map((t) => t.wallMs)).toFixed(0)} ms; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${cpus().length} cores`,
    );
    if (worst[attempt - 1] < LONG_TASK_LIMIT_MS) break;
  }
  expect(Math.min(...worst), `the slowest task's CPU time on each attempt: ${worst.map((w) => `${w.toFixed(0)} ms`).join(', ')}`).toBeLessThan(
    LONG_TASK_LIMIT_MS,
  );
}

describe('lab results in Chromium equal the engine in Node', () => {
  const suite = suiteBrowser();
  let page: Page;
  let config: LabConfig;
  let expected: LabResult;

  beforeAll(async () => {
    // A fresh profile: no saved settings, so the page opens on the default scenario.
    page = await openLab(suite.browser);
    await waitForCurrentResult(page);
    const decoded = decodeHash(await hashOf(page));
    expect(decoded.hasState).toBe(true);
    expect(decoded.notices).toEqual([]);
    expect(decoded.state.params, 'the default scenario').toEqual(DEFAULT_PARAMS);
    config = labConfigOf(decoded.state.params);
    expected = labBuiltin(config);
  });

  it('the default scenario: every curve at t = T equals the engine (mean and std, every algorithm)', async () => {
    const { T, algos } = config;
    await page.getByTestId('skip').click();
    expect(await cursorOf(page)).toBe(T);
    for (const metric of METRICS) {
      await waitForPage(page, `[...document.querySelectorAll('ul[data-testid="curve-final-${metric}"] > li')].every((li) => li.dataset.t === '${T}')`, {
        timeout: 10_000,
      });
      expect(await page.locator(`ul[data-testid="curve-final-${metric}"]`).count(), `one ${metric} chart`).toBe(1);
      const finals = await readFinals(page, metric);
      expect(
        finals.map((f) => f.algo),
        `${metric}: one line per algorithm`,
      ).toEqual(algos);
      for (const f of finals) {
        const points = expected.curves[f.algo][metric];
        const last = points[points.length - 1];
        expect(last.t).toBe(T);
        expect(f.t, `${f.algo} ${metric} at t`).toBe(T);
        expectClose(f.value, last.mean, `${f.algo} ${metric} mean at t = T`);
        expectClose(f.std, last.std, `${f.algo} ${metric} std at t = T`);
      }
    }
    // The curves end where the results table does (the engine's own consistency, as the page shows it).
    for (const algo of algos) {
      for (const metric of ['utility', 'cost', 'success'] as const) {
        const points = expected.curves[algo][metric];
        expectClose(points[points.length - 1].mean, expected.summary.results[algo][metric].mean, `${algo} ${metric}: curve end vs summary`);
      }
    }
  });

  it('while a run computes, the learning curves draw its first trials in full: the engine’s run of that many trials', async () => {
    // The default scenario with 50 trials: a run long enough for its partial curves to be drawn on a loaded machine.
    const params = { ...DEFAULT_PARAMS, trials: 50 };
    const live = await openLab(suite.browser, encodeHash({ ...DEFAULT_HASH_STATE, params }));
    // Every utility readout the page shows while the run computes (the curves drawn to t = T, over the trials so far).
    await live.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { liveCurves: string[] }).liveCurves = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') !== 'running') return;
        const items = [...document.querySelectorAll<HTMLElement>('ul[data-testid="curve-final-utility"] > li')];
        if (items.length === 0 || !document.querySelector('[data-chart="curve-utility"] path[data-algo]')) return;
        const readout = JSON.stringify(items.map((li) => [li.dataset.algo, Number(li.dataset.t), Number(li.dataset.value)]));
        if (seen.at(-1) !== readout) seen.push(readout);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await waitForCurrentResult(live);
    const seen = (await live.evaluate(() => (window as unknown as { liveCurves: string[] }).liveCurves)).map(
      (r) => JSON.parse(r) as [string, number, number][],
    );
    await live.close();
    expect(seen.length, 'partial curves drawn while the run computed').toBeGreaterThan(0);
    // Partial figures are over the first n trials finished without a gap (n at least 1, 2, 5, 10, 20: the rounds),
    // exactly the engine's run of n trials: the mean of the 50-trial run's first n per-trial figures.
    const live50 = labConfigOf(params);
    const full = labBuiltin(live50);
    const firstTrials = (algo: string, n: number) => full.byTrial[algo].utility.slice(0, n).reduce((sum, u) => sum + u, 0) / n;
    const counts: number[] = [];
    for (const readout of seen) {
      expect(
        readout.map(([algo, t]) => [algo, t]),
        'every algorithm, drawn to t = T',
      ).toEqual(live50.algos.map((a) => [a, live50.T]));
      const n = Array.from({ length: params.trials - 1 }, (_, i) => i + 1).find((k) =>
        readout.every(([algo, , value]) => isClose(value, firstTrials(algo, k))),
      );
      expect(n, `${JSON.stringify(readout)}: the engine's utility at T over the first n < ${params.trials} trials`).toBeDefined();
      counts.push(n as number);
    }
    expect(counts, 'the trials drawn never go back').toEqual([...counts].sort((x, y) => x - y));
  });

  it('hovering a learning curve shows, in that chart only, every algorithm’s mean at the hovered step: the engine’s', async () => {
    const { T, algos } = config;
    await page.getByTestId('skip').click();
    expect(await cursorOf(page)).toBe(T);
    const chart = page.locator('[data-chart="curve-utility"] .pw-chart');
    await chart.scrollIntoViewIfNeeded();
    const tip = page.locator('[data-chart="curve-utility"] .pw-tooltip');
    const { box, head } = await hoverForTooltip(chart, [0.6, 0.5], tip);
    const t = Number(head.match(/^Average utility · t = (\d+)$/)?.[1]);
    // One row per algorithm, best first, each the engine's mean at that step.
    const means = algos.map((a) => expected.curves[a].utility.find((p) => p.t === t)?.mean ?? Number.NaN).sort((a, b) => b - a);
    expect(means.every(Number.isFinite), `t = ${t} (“${head}”) is a step of the engine's curves`).toBe(true);
    expectTooltipRows(await readTooltipRows(tip), means, 'mean');
    // The charts share the hover cursor, but only the chart under the pointer shows its tooltip; leaving hides it.
    expect(await page.locator('.pw-tooltip').count()).toBe(1);
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await tip.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('stepping shows exactly one more trace row, the engine’s, and its decisions', async () => {
    const arms = expected.world.arms;
    const playback = page.getByTestId('playback');

    // From the start: the +1 button shows the first prompt, alone.
    await page.getByTestId('rewind').click();
    await waitForPage(page, `document.querySelectorAll('[data-testid="trace-row"]').length === 0`, { timeout: 10_000 });
    await page.getByTestId('step').click();
    await waitForTraceTop(page, 0);
    const first = await readTrace(page);
    expect(first.map((r) => r.step)).toEqual([0]);
    expectTraceRow(first[0], expected.trace[0], arms);

    // Mid-run: play, pause, note the rows, press →.
    await page.getByTestId('play').click();
    await waitForPage(page, `Number(document.querySelector('[data-testid="playback"]').dataset.cursor) >= 40`, { timeout: 20_000 });
    await focusPage(page);
    await page.keyboard.press('Space');
    expect(await playback.getAttribute('data-playing')).toBe('false');
    const at = await cursorOf(page);
    expect(at).toBeGreaterThanOrEqual(40);
    expect(at).toBeLessThan(config.T);
    await waitForTraceTop(page, at - 1);
    const before = await readTrace(page);
    const beforeSteps = before.map((r) => r.step);
    // Newest first, consecutive, ending at the cursor.
    expect(beforeSteps).toEqual(beforeSteps.map((_, i) => at - 1 - i));
    expect(beforeSteps.length).toBeGreaterThan(1);

    await page.keyboard.press('ArrowRight');
    expect(await cursorOf(page)).toBe(at + 1);
    expect(await playback.getAttribute('data-playing')).toBe('false');
    await waitForTraceTop(page, at);
    const after = await readTrace(page);
    const afterSteps = after.map((r) => r.step);
    const added = afterSteps.filter((s) => !beforeSteps.includes(s));
    const dropped = beforeSteps.filter((s) => !afterSteps.includes(s));
    expect(added, 'exactly one new row: the next prompt').toEqual([at]);
    expect(afterSteps[0]).toBe(at);
    // The window may be full: then its oldest row makes room, and nothing else moves.
    expect(dropped.length).toBeLessThanOrEqual(1);
    if (dropped.length === 1) expect(dropped[0]).toBe(Math.min(...beforeSteps));
    expect(afterSteps.slice(1)).toEqual(beforeSteps.slice(0, afterSteps.length - 1));
    for (const row of after) expectTraceRow(row, expected.trace[row.step], arms);

    // Clicking the new row explains it: a decision-arm row per model, the chosen one as in the engine.
    const rowButton = page.locator(`[data-testid="trace-row"][data-step="${at}"]`);
    await rowButton.click();
    expect(await rowButton.getAttribute('aria-pressed')).toBe('true');
    await waitForPage(page, `document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') === '${at}'`);
    await waitForLink(page, `&step=${at}`);
    const panel = await readDecisionPanel(page);
    const row = expected.trace[at];
    expect(panel.step).toBe(at);
    expect(row.decisions.length).toBeGreaterThan(0);
    expect(
      panel.decisions.map((d) => d.arm),
      'one card per decision, with its model (or stop)',
    ).toEqual(row.decisions.map((d) => (d.arm < 0 ? 'stop' : arms[d.arm])));
    panel.decisions.forEach((shown, i) => {
      const d = row.decisions[i];
      expect(
        shown.rows.map((r) => r.arm),
        `decision ${i}: one row per model`,
      ).toEqual(arms);
      expect(
        shown.rows.filter((r) => r.chosen).map((r) => r.arm),
        `decision ${i}: the chosen model`,
      ).toEqual(d.arm < 0 ? [] : [arms[d.arm]]);
    });
    // The pulls of the decisions are the pulls of the row.
    expect(row.decisions.filter((d) => d.arm >= 0).map((d) => d.arm)).toEqual(row.pulls.map((p) => p.arm));
  });

  it('the model-usage readout is the engine’s pulls per algorithm, category and model', async () => {
    const { arms, categories } = expected.world;
    const want = config.algos.flatMap((algo) =>
      expected.usage[algo].counts.flatMap((row, c) =>
        row.flatMap((count, a) => (count > 0 ? [`${algo} | ${categories[c] ?? 'all prompts'} | ${arms[a]} | ${count}`] : [])),
      ),
    );
    expect(want.length).toBeGreaterThan(config.algos.length);
    // The list follows the bars in a drawing turn of its own: wait for it, then read it.
    await waitForPage(page, `document.querySelectorAll('ul[data-testid="usage-cells"] > li').length === ${want.length}`, { timeout: 10_000 });
    const shown = await page.evaluate<string[]>(
      `[...document.querySelectorAll('ul[data-testid="usage-cells"] > li')].map((li) => [li.dataset.algo, li.dataset.category, li.dataset.arm, li.dataset.count].join(' | '))`,
    );
    expect([...shown].sort()).toEqual([...want].sort());
  });

  it('while playing, the decision panel explains the newest prompt a few times a second; paused, the newest at once', async () => {
    await page.getByTestId('rewind').click();
    // Every change of the panel's prompt and of the trace's newest row, timed in the page.
    await page.evaluate(`(() => {
      const panel = () => document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') ?? null;
      const top = () => document.querySelector('[data-testid="trace-row"]')?.getAttribute('data-step') ?? null;
      let p = panel(), t = top();
      const seen = (window.__panelWatch = { panel: [], top: 0 });
      window.__panelObserver = new MutationObserver(() => {
        if (panel() !== p) { p = panel(); seen.panel.push(performance.now()); }
        if (top() !== t) { t = top(); seen.top++; }
      });
      window.__panelObserver.observe(document.querySelector('[data-testid="card-trace"]').parentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-step'] });
    })()`);
    const started = await page.evaluate<number>('performance.now()');
    await page.getByTestId('play').click();
    await waitForPage(page, `Number(document.querySelector('[data-testid="playback"]').dataset.cursor) >= 150`, { timeout: 20_000 });
    await page.waitForTimeout(1500);
    await focusPage(page);
    await page.keyboard.press('Space');
    const watched = await page.evaluate<{ panel: number[]; top: number; ms: number }>(
      `(() => { window.__panelObserver.disconnect(); return { ...window.__panelWatch, ms: performance.now() - ${started} }; })()`,
    );
    // The pause's own change may be among them; the rest are at most one per DECISION_REDRAW_MS (250 ms).
    expect(watched.panel.length, 'the panel followed the playback').toBeGreaterThanOrEqual(2);
    expect(watched.panel.length, `panel changes in ${watched.ms.toFixed(0)} ms`).toBeLessThanOrEqual(Math.floor(watched.ms / 250) + 2);
    expect(watched.top, 'the trace moved at least as often').toBeGreaterThanOrEqual(watched.panel.length);
    // Paused with nothing selected: the newest prompt, the trace's top row.
    const at = await cursorOf(page);
    await waitForPage(page, `document.querySelector('[data-testid="decision-panel"]')?.getAttribute('data-step') === '${at - 1}'`, { timeout: 5_000 });
    expect(await page.locator('[data-testid="trace-row"]').first().getAttribute('data-step')).toBe(String(at - 1));
  });

  it('while playing, nothing in the escalation trace animates; paused, a picked row still fades in', async () => {
    await page.getByTestId('rewind').click();
    await page.getByTestId('play').click();
    await waitForPage(page, `Number(document.querySelector('[data-testid="playback"]').dataset.cursor) >= 100`, { timeout: 20_000 });
    // The trace's running animations and transitions, sampled every frame for about a second. Before, each
    // redraw faded the rows whose pressed state the cursor had moved: one or more ran in almost every frame.
    const animated = await page.evaluate<{ frames: number; busy: number; names: string[] }>(`new Promise((resolve) => {
      const trace = document.querySelector('[data-testid="escalation-trace"]');
      let frames = 0, busy = 0;
      const names = new Set();
      const end = performance.now() + 1000;
      const tick = () => {
        const running = trace.getAnimations({ subtree: true });
        frames++;
        if (running.length > 0) busy++;
        for (const a of running) names.add(a.transitionProperty ?? a.animationName ?? 'animation');
        if (performance.now() < end) requestAnimationFrame(tick); else resolve({ frames, busy, names: [...names] });
      };
      requestAnimationFrame(tick);
    })`);
    expect(animated.frames, 'frames sampled').toBeGreaterThan(10);
    expect(animated.busy, `frames with a trace animation running (${animated.names.join(', ')})`).toBe(0);
    await focusPage(page);
    await page.keyboard.press('Space');
    expect(await page.getByTestId('playback').getAttribute('data-playing')).toBe('false');
    // Paused, one prompt on (a single new row, after a pause): rows arrive slowly, and picking one fades it.
    await page.waitForTimeout(300);
    const at = await cursorOf(page);
    await page.getByTestId('step').click();
    await waitForTraceTop(page, at);
    // Read as soon as React has pressed the row (the transitions last 120 ms): getAnimations() styles the page first.
    const faded = await page.evaluate<number>(`new Promise((resolve) => {
      const second = document.querySelectorAll('[data-testid="trace-row"]')[1];
      const running = () => document.querySelector('[data-testid="escalation-trace"]').getAnimations({ subtree: true }).length;
      const observer = new MutationObserver(() => {
        if (second.getAttribute('aria-pressed') !== 'true') return;
        observer.disconnect();
        resolve(running());
      });
      observer.observe(second, { attributes: true, attributeFilter: ['aria-pressed'] });
      second.click();
      if (second.getAttribute('aria-pressed') === 'true') { observer.disconnect(); resolve(running()); }
    })`);
    expect(faded, 'transitions started by picking a row').toBeGreaterThan(0);
    // Unpicked again (a second click), so that the panel follows the cursor for the tests after this one.
    await page.locator('[data-testid="trace-row"]').nth(1).click();
    await waitForPage(
      page,
      `[...document.querySelectorAll('[data-testid="trace-row"]')].filter((b) => b.getAttribute('aria-pressed') === 'true').length === 1 && document.querySelector('[data-testid="trace-row"]').getAttribute('aria-pressed') === 'true'`,
      { timeout: 5_000 },
    );
  });

  it('starting and stopping the playback re-renders what shows it, not the whole page', async () => {
    const lab = await suite.browser.context.newPage();
    await lab.addInitScript({ content: readFileSync(new URL('./renders.js', import.meta.url), 'utf8') });
    await lab.goto(`${inject('baseURL')}#world=t2i&algos=promptwise,greedy,oracle&T=300&trials=2`);
    await waitForCurrentResult(lab);
    await waitForPage(lab, `document.querySelector('[data-testid="playback"]')?.dataset.playing === 'false'`, { timeout: 20_000 });
    // The page settled: no commit for 500 ms (the drawing turns after the playback's end, the formulas typeset in
    // theirs), so that no other update shares a commit with the toggles below.
    for (let quiet = 0, seen = -1; quiet < 2; ) {
      await lab.waitForTimeout(250);
      const n = await lab.evaluate<number>('window.__renders.length');
      quiet = n === seen ? quiet + 1 : 0;
      seen = n;
    }
    // The page's whole tree, for scale: every component renders in the first commits.
    const all = await lab.evaluate<number>('Math.max(...window.__renders.map((r) => r.rendered))');
    await lab.evaluate('window.__renders.length = 0');
    await lab.getByTestId('play').click();
    await waitForPage(lab, `document.querySelector('[data-testid="playback"]')?.dataset.playing === 'true'`);
    await lab.getByTestId('play').click();
    await waitForPage(lab, `document.querySelector('[data-testid="playback"]')?.dataset.playing === 'false'`);
    const commits = await lab.evaluate<{ rendered: number; playing: string | null }[]>('window.__renders');
    const toggles = commits.filter((c, i) => c.playing !== (i === 0 ? 'false' : commits[i - 1].playing));
    expect(toggles.length, 'the commits that started and stopped the playback').toBe(2);
    // Before PlaybackClock was a component of its own, App read `playing`: each toggle re-rendered ~all of them.
    for (const c of toggles) expect(c.rendered, `components rendered on a toggle, of ${all} in the page`).toBeLessThan(all / 4);
    await lab.close();
  });

  it('“Trace of” another algorithm shows its trace, the engine’s, without simulating the run again', async () => {
    const other = 'greedy';
    expect(config.algos).toContain(other);
    expect(config.traceAlgo).not.toBe(other);
    const engine = labBuiltin({ ...config, traceAlgo: other }).trace; // the whole run's trace of that algorithm
    await page.getByTestId('skip').click();
    // Every status the run line shows from here on.
    await page.evaluate(() => {
      const seen: string[] = [document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') ?? ''];
      (window as unknown as { statuses: string[] }).statuses = seen;
      new MutationObserver(() => {
        const s = document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status');
        if (s && seen.at(-1) !== s) seen.push(s);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
    });
    await page.getByTestId('trace-algo').selectOption(other);
    const T = config.T;
    await waitForPage(page, `document.querySelector('[data-testid="card-trace"]')?.dataset.state === 'done'`, { timeout: 30_000 });
    await expect
      .poll(async () => (await readTrace(page))[0]?.pulls.map((p) => p.arm).join(','), { timeout: 10_000 })
      .toBe(engine[T - 1].pulls.map((p) => expected.world.arms[p.arm]).join(','));
    for (const row of await readTrace(page)) expectTraceRow(row, engine[row.step], expected.world.arms);
    expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses), 'the run never restarted').toEqual(['done']);
    expect(await page.getByTestId('run-status').getAttribute('data-status')).toBe('done');
    // And back: the run's own trace, at once (it was kept).
    await page.getByTestId('trace-algo').selectOption(config.traceAlgo);
    await expect
      .poll(async () => (await readTrace(page))[0]?.pulls.map((p) => p.arm).join(','), { timeout: 5_000 })
      .toBe(expected.trace[T - 1].pulls.map((p) => expected.world.arms[p.arm]).join(','));
    for (const row of await readTrace(page)) expectTraceRow(row, expected.trace[row.step], expected.world.arms);
  });

  it('while the sweeps compute, each draws every value over its first trials (the engine’s sweep with that many), taking turns', async () => {
    // A page of its own, whose sweep card is scrolled to once the run is in (the shared page's may be done).
    const lab = await openLab(suite.browser, encodeHash(DEFAULT_HASH_STATE), { width: 1280, height: 700 });
    await waitForCurrentResult(lab);
    await lab.getByTestId('skip').click(); // no 1× replay redrawing the page meanwhile
    await lab.getByTestId('card-tradeoff').scrollIntoViewIfNeeded();
    const read = `(() => {
      const partial = document.querySelector('[data-testid="sweep-partial-tauMax"]');
      const points = [...document.querySelectorAll('ul[data-testid="tradeoff-points"] > li')].map((li) => ({
        algo: li.dataset.algo, x: Number(li.dataset.x), cost: Number(li.dataset.cost), success: Number(li.dataset.success),
        utility: Number(li.dataset.utility) }));
      const stale = document.querySelector('[data-testid="tradeoff-plot"] .pw-stale') !== null;
      return { trials: partial ? Number(partial.dataset.trials) : 0, text: partial?.textContent ?? '', points, stale };
    })()`;
    const values = sweepValues('tauMax', DEFAULT_PARAMS.tauMax);
    // Drawn and still computing: the status names the trials behind the points, and the plot is not dimmed.
    await waitForPage(lab, `(${read}).trials > 0 && (${read}).points.length === ${values.length * config.algos.length}`, { timeout: 60_000, polling: 20 });
    const shown = await lab.evaluate<{
      trials: number;
      text: string;
      points: { algo: string; x: number; cost: number; success: number; utility: number }[];
      stale: boolean;
    }>(read);
    expect(shown.trials).toBeLessThan(config.trials);
    expect(shown.text).toBe(`Drawn so far: every value over its first ${shown.trials} of ${config.trials} trials`);
    expect(shown.stale, 'a partial sweep is drawn as the current one').toBe(false);
    // The points are the sweep over the first k trials for one round's k ≤ the status's (the plot draws in a
    // deferred render, which may trail the status line by a round), the current τ_max's from the run itself.
    const rounds = sweepRounds(config.trials)
      .map((r) => r.to)
      .filter((k) => k <= shown.trials);
    const matches = rounds.filter((k) => {
      const sweep = sweepBuiltin({ base: { ...config, trials: k }, param: 'tauMax', values });
      return sweep.points.every((want) => {
        const p = shown.points.find((q) => q.algo === want.algo && q.x === want.x);
        return p !== undefined && isClose(p.cost, want.cost) && isClose(p.success, want.success) && isClose(p.utility, want.utility);
      });
    });
    expect(matches, `the points drawn over ${shown.trials} trials are the engine's sweep over one round's trials`).toHaveLength(1);
    // The λ sweep beside it takes turns with it by rounds: its plot is drawn long before the τ_max sweep is done.
    const lambdaDrawn = `document.querySelector('[data-testid="sweep-partial-lambda"]') !== null`;
    const tauNow = `({ state: document.querySelector('[data-testid="card-tradeoff"]')?.dataset.state,
      status: document.querySelector('[data-testid="sweep-status-tauMax"]')?.textContent ?? '' })`;
    await waitForPage(lab, `${lambdaDrawn} && ((window.__tauWhenLambdaDrawn ??= ${tauNow}), true)`, { timeout: 60_000, polling: 20 });
    const tau = await lab.evaluate<{ state: string; status: string }>('window.__tauWhenLambdaDrawn');
    expect(tau.state).not.toBe('done');
    // Its points so far stay drawn, whether it waits for its turn (and says why) or computes its next round.
    expect(tau.status).toMatch(
      new RegExp(
        `(The τ_max sweep waits (?:while the λ sweep catches up|for its turn):|Computing the τ_max sweep…) \\d+% .*Drawn so far: every value over its first \\d+ of ${config.trials} trials`,
      ),
    );
    // And it ends at the whole sweep, undimmed, with the status line gone.
    await waitForPage(lab, `document.querySelector('[data-testid="card-tradeoff"]')?.dataset.state === 'done'`, { timeout: 120_000 });
    expect(await lab.getByTestId('sweep-partial-tauMax').count()).toBe(0);
    await lab.close();
  });

  it('the τ_max trade-off has one point per swept value per algorithm, equal to the engine’s sweep', async () => {
    await waitForSweeps(page);
    const plot = page.getByTestId('tradeoff-plot');
    // The values the page swept, as it states them (chart description and card subtitle).
    const described = (await plot.locator('[role="group"][aria-label^="Scatter"]').getAttribute('aria-label')) ?? '';
    const values = (/value \(([^)]*)\)/.exec(described)?.[1] ?? '').split(',').map((s) => Number(s.trim()));
    expect(values.length, described).toBeGreaterThan(1);
    for (const v of values) expect(Number.isInteger(v) && v >= 1, `τ_max value ${v}`).toBe(true);
    const subtitle = (await page.getByTestId('card-tradeoff').locator('.card-sub').textContent()) ?? '';
    expect(subtitle).toContain(`(${values.join(', ')})`);

    const points = await page.evaluate<{ algo: string; x: number; cost: number; success: number; utility: number }[]>(
      `[...document.querySelectorAll('ul[data-testid="tradeoff-points"] > li')].map((li) => ({
         algo: li.dataset.algo, x: Number(li.dataset.x), cost: Number(li.dataset.cost), success: Number(li.dataset.success),
         utility: Number(li.dataset.utility) }))`,
    );
    expect(await page.locator('ul[data-testid="tradeoff-points"]').count()).toBe(1);
    expect(points.length).toBe(config.algos.length * values.length);
    for (const algo of config.algos) {
      for (const x of values) {
        expect(points.filter((p) => p.algo === algo && p.x === x).length, `${algo} at τ_max = ${x}`).toBe(1);
      }
    }

    // The engine's sweep at one value (not the current τ_max): every algorithm's point.
    const x = values.find((v) => v !== config.params.tauMax && v > 1) ?? values[0];
    const sweep = sweepBuiltin({ base: config, param: 'tauMax', values: [x] });
    expect(sweep.points.length).toBe(config.algos.length);
    for (const want of sweep.points) {
      const shown = points.find((p) => p.algo === want.algo && p.x === x)!;
      expectClose(shown.cost, want.cost, `${want.algo} at τ_max = ${x}: cost`);
      expectClose(shown.success, want.success, `${want.algo} at τ_max = ${x}: success`);
      expectClose(shown.utility, want.utility, `${want.algo} at τ_max = ${x}: utility`);
    }
  });

  it('hovering a point of the τ_max trade-off shows its algorithm, τ_max, cost, success and utility: the engine’s', async () => {
    await waitForSweeps(page);
    const figure = page.locator('[data-chart="tradeoff"]');
    await figure.scrollIntoViewIfNeeded();
    const x = sweepValues('tauMax', config.params.tauMax ?? DEFAULT_PARAMS.tauMax).find((v) => v !== config.params.tauMax && v > 1) ?? 1;
    // The visible dot of PromptWise's point at that τ_max (the group's last circle); whichever point is on top
    // under the pointer there is the one the tooltip must describe.
    const tip = figure.locator('.pw-tooltip');
    const { box, head } = await hoverForTooltip(figure.locator(`g.pw-tradeoff-dot[data-algo="promptwise"][data-x="${x}"] circle`).last(), [0.5, 0.5], tip);
    const labels = await legendIds(figure);
    const m = head.match(/^(.*) · τ_max = (\d+)( \(current\))?$/);
    expect(m, head).not.toBeNull();
    const [algo, at] = [labels[m?.[1] ?? ''], Number(m?.[2])];
    expect(algo, `“${head}” names a drawn algorithm`).toBeDefined();
    const want = sweepBuiltin({ base: config, param: 'tauMax', values: [at] }).points.find((p) => p.algo === algo);
    if (!want) throw new Error(`the engine has no point for ${algo} at τ_max = ${at}`);
    const rows = await readTooltipRows(tip);
    expect(rows.map((r) => r.name)).toEqual(['avg cost', 'success', 'utility']);
    expectShown(rows[0].value, want.cost, `${algo} at τ_max = ${at}: cost`);
    // A rate is shown in percent to one decimal (none from 99.95 %).
    const success = Number(rows[1].value.replace('%', ''));
    expect(Math.abs(success - 100 * want.success), `${algo} at τ_max = ${at}: success ${want.success}, shown ${rows[1].value}`).toBeLessThanOrEqual(
      rows[1].value.includes('.') ? 0.05 + 1e-9 : 0.5,
    );
    expectShown(rows[2].value, want.utility, `${algo} at τ_max = ${at}: utility`);
    await page.mouse.move(box.x + box.width / 2, box.y - 400);
    await tip.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('the τ_max trade-off is one tab stop whose arrow keys walk its points, each shown and named with the engine’s figures', async () => {
    await waitForSweeps(page);
    const figure = page.locator('[data-chart="tradeoff"]');
    await figure.scrollIntoViewIfNeeded();
    const series = figure.locator('g.pw-series[role="listbox"]');
    const tip = figure.locator('.pw-tooltip');
    const labels = await legendIds(figure);
    /** The card's point, the option aria-activedescendant names, and the engine's figures there. */
    const active = async () => {
      await tip.waitFor({ timeout: 10_000 });
      const head = (await tip.locator('.pw-tooltip-head').textContent()) ?? '';
      const m = head.match(/^(.*) · τ_max = (\d+)( \(current\))?$/);
      expect(m, head).not.toBeNull();
      const algo = labels[m?.[1] ?? ''];
      const x = Number(m?.[2]);
      const option = await series.evaluate((g) => {
        const el = document.getElementById(g.getAttribute('aria-activedescendant') ?? '');
        return el && { role: el.getAttribute('role'), algo: el.dataset.algo, x: Number(el.dataset.x), name: el.getAttribute('aria-label') ?? '' };
      });
      expect(option, `the active option for ${head}`).toEqual({ role: 'option', algo, x, name: expect.stringContaining(`τ_max = ${x}`) });
      const want = sweepBuiltin({ base: config, param: 'tauMax', values: [x] }).points.find((p) => p.algo === algo);
      if (!want) throw new Error(`the engine has no point for ${algo} at τ_max = ${x}`);
      const rows = await readTooltipRows(tip);
      expectShown(rows[0].value, want.cost, `${algo} at τ_max = ${x}: cost`);
      expectShown(rows[2].value, want.utility, `${algo} at τ_max = ${x}: utility`);
      const named = option?.name.match(/average cost (\S+), success \S+, utility (\S+)$/);
      expect(named, option?.name).not.toBeNull();
      expectShown(named?.[1] ?? '', want.cost, `${algo} at τ_max = ${x}: cost in the option's name`);
      expectShown(named?.[2] ?? '', want.utility, `${algo} at τ_max = ${x}: utility in the option's name`);
      return { algo, x, current: Boolean(m?.[3]) };
    };
    await page.mouse.move(0, 0);
    await series.focus();
    // Focus starts at the first drawn algorithm's current setting (its first point when that was not swept).
    const tauMax = config.params.tauMax ?? DEFAULT_PARAMS.tauMax;
    const values = sweepValues('tauMax', tauMax);
    const first = await active();
    expect(first.x).toBe(values.includes(tauMax) ? tauMax : values[0]);
    expect(first.current, `${first.algo} at τ_max = ${first.x}`).toBe(first.x === tauMax);
    await page.keyboard.press('Home');
    expect(await active()).toEqual({ algo: first.algo, x: values[0], current: values[0] === tauMax });
    await page.keyboard.press('ArrowRight');
    expect(await active()).toEqual({ algo: first.algo, x: values[1], current: values[1] === tauMax });
    await page.keyboard.press('ArrowDown');
    const below = await active();
    expect(below.algo).not.toBe(first.algo);
    expect(below.x).toBe(values[1]);
    await page.keyboard.press('ArrowUp');
    expect((await active()).algo).toBe(first.algo);
    await page.keyboard.press('End');
    expect((await active()).x).toBe(values.at(-1));
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await series.getAttribute('aria-activedescendant')).toBeNull();
    // Tab leaves the chart (no keyboard trap).
    await page.keyboard.press('Tab');
    expect(await series.evaluate((g) => document.activeElement === g)).toBe(false);
  });

  it('the λ sweep draws a line per algorithm through every swept λ, and hovering shows, in that chart only, every algorithm’s value there: the engine’s', async () => {
    await waitForSweeps(page);
    // The swept λ do not depend on the current one; a log axis leaves λ = 0 out.
    const swept = sweepValues('lambda', DEFAULT_PARAMS.lambda).filter((v) => v > 0);
    const figure = page.locator('[data-chart="lambda-sweep"]');
    await figure.scrollIntoViewIfNeeded();
    for (const metric of ['utility', 'cost', 'success']) {
      const chart = figure.locator(`[data-metric="${metric}"]`);
      // Each line's vertices: one per swept λ (the engine gives every algorithm a finite value at each).
      const vertices = await chart
        .locator('path[data-algo]')
        .evaluateAll((paths) => paths.map((p) => ({ algo: p.getAttribute('data-algo'), n: (p.getAttribute('d') ?? '').split(/[ML]/).filter(Boolean).length })));
      expect(vertices.map((v) => v.algo).sort(), metric).toEqual([...config.algos].sort());
      for (const v of vertices) expect(v.n, `${metric}: ${v.algo}'s line`).toBe(swept.length);
      // The current λ's dashed line passes through the dots drawn at that λ.
      const mark = Number(await chart.locator('line.pw-current-x').getAttribute('x1'));
      const dotsAt = await chart.locator('circle').evaluateAll((cs, x) => cs.filter((c) => Math.abs(Number(c.getAttribute('cx')) - x) < 0.5).length, mark);
      expect(dotsAt, `${metric}: dots on the current λ's line`).toBeGreaterThanOrEqual(config.algos.length);
    }

    const tip = figure.locator('[data-metric="utility"] .pw-tooltip');
    const { box, head } = await hoverForTooltip(figure.locator('[data-metric="utility"] .pw-chart'), [0.75, 0.4], tip);
    const x = Number(head.match(/^Utility · λ = ([\d.e-]+)$/)?.[1]);
    expect(swept, `“${head}” names a swept λ`).toContain(x);
    // One row per algorithm, best first, each the engine's utility at that λ.
    const want = sweepBuiltin({ base: config, param: 'lambda', values: [x] })
      .points.map((p) => p.utility)
      .sort((a, b) => b - a);
    expect(want).toHaveLength(config.algos.length);
    expectTooltipRows(await readTooltipRows(tip), want, 'utility');
    // The three share the hover cursor, but only the chart under the pointer shows its tooltip; leaving hides it.
    expect(await page.locator('.pw-tooltip').count()).toBe(1);
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await tip.waitFor({ state: 'detached', timeout: 10_000 });
  });

  // The lab issue's bound: no main-thread task over 100 ms while a 20-trial run computes and plays back. It is
  // held on each task's CPU time (e2e/mainThread.ts): wall durations stretch with whatever else the two cores
  // run, the simulation worker first of all. `npm run bench` reports the wall figures against the 50 ms target.
  it(`no main-thread task takes ${LONG_TASK_LIMIT_MS} ms of CPU while a 20-trial run computes and plays back`, async () => {
    await page.close(); // one page at a time: two cores

    const lab = await suite.browser.context.newPage();
    const defaults = encodeHash(DEFAULT_HASH_STATE);
    expect(defaults).toContain('&T=1000&trials=20&');
    await lab.goto(`${inject('baseURL')}${defaults}`);
    await lab.getByRole('heading', { level: 1, name: 'PromptWise Lab' }).waitFor();
    await waitForCurrentResult(lab);
    await waitForSweeps(lab);

    await expectNoLongTask(
      suite.browser,
      lab,
      'the run and its playback',
      () => runAndPlayBack(lab),
      (tasks) => expect(tasks.length, 'the trace saw the page work').toBeGreaterThan(100),
    );

    // The measure can fail: a busy loop of our own shows up as one task of ≥ 140 ms CPU. It spins for 300 ms of wall
    // time, so that the check holds even when other processes take up to half of a core meanwhile (a 150 ms loop
    // once measured 95 ms of CPU at a load average of 3.3).
    const busy = await traceMainThread(suite.browser.context, lab, () =>
      lab.evaluate(
        `new Promise((resolve) => setTimeout(() => { const end = performance.now() + 300; while (performance.now() < end); setTimeout(resolve, 50); }, 0))`,
      ),
    );
    expect(Math.max(...busy.map((t) => t.cpuMs))).toBeGreaterThanOrEqual(140);
    await lab.close();
  });

  // The robustness issue's bound (issue 14, "Done means"): the largest run the controls allow keeps every
  // main-thread task under 100 ms of CPU while it computes and its results are drawn. Its trial-0 trace alone
  // (5,000 rows of decisions) was one 118 ms task to read from one message; it now comes in chunks.
  it(`no main-thread task takes ${LONG_TASK_LIMIT_MS} ms of CPU during the largest allowed run (every algorithm × 50 trials × T = 5000)`, async () => {
    const lab = await openLab(suite.browser, '#world=t2i&algos=oracle&T=100&trials=1');
    await waitForCurrentResult(lab);
    await expectNoLongTask(suite.browser, lab, 'the largest run', async (attempt) => {
      await lab.evaluate(`location.hash = '#world=sudoku&algos=${ALGO_IDS.join(',')}&T=5000&trials=50&seed=${attempt}'`);
      await lab.locator('[data-testid="run-status"][data-status="running"]').waitFor({ timeout: 10_000 });
      await waitForCurrentResult(lab, 300_000);
      await lab.waitForTimeout(2000); // the deferred renders of the finished run
    });
    expect(await lab.locator(ALGO_ROWS).count()).toBe(ALGO_IDS.length);
    expect(suite.browser.errors, 'console errors').toEqual([]);
    await lab.close();
  });
});
