/**
 * The views rendered to static HTML from a real (small) lab run: the test hooks other suites rely on
 * (data-testid / data-* attributes) are present and carry the engine's numbers.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { METRIC_FORMAT, rawNumber } from '../../engine/lab/format';
import { labBuiltin, sweepBuiltin } from '../../engine/lab/run';
import type { LabConfig } from '../../engine/lab/types';
import { referenceRows } from '../../state/stakeholder';
import { ResultsTable } from '../ResultsTable';
import { ArmUsagePanel } from './ArmUsagePanel';
import { ChartTooltip } from './ChartTooltip';
import { CurvesPanel } from './CurvesPanel';
import { DecisionPanel } from './DecisionPanel';
import { EscalationTrace } from './EscalationTrace';
import { loadKatex } from './Formula';
import { LambdaSweepPlot } from './LambdaSweepPlot';
import { lastIndexAtOrBefore } from './series';
import { HELP_TEXT, HelpText, Teach } from './Teach';
import { TradeoffPlot } from './TradeoffPlot';

const config: LabConfig = {
  world: 'sudoku',
  algos: ['promptwise', 'random', 'oracle'],
  T: 120,
  trials: 2,
  seed: 3,
  params: { lambda: 0.01 },
  traceAlgo: 'promptwise',
};
const lab = labBuiltin(config);
const algos = config.algos.map((id) => ({ id, label: id.toUpperCase() }));
const { arms, categories } = lab.world;

/** Attribute values of every element matching `testid`, as objects. */
function hooks(html: string, testid: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const tag = new RegExp(`<[a-z]+[^>]*data-testid="${testid}"[^>]*>`, 'g');
  for (const m of html.matchAll(tag)) {
    const attrs: Record<string, string> = {};
    for (const a of m[0].matchAll(/([a-z-]+)="([^"]*)"/g)) attrs[a[1]] = a[2].replaceAll('&amp;', '&');
    out.push(attrs);
  }
  return out;
}

describe('CurvesPanel', () => {
  it('exposes each chart’s last drawn value per algorithm, in full precision', () => {
    const cursor = 50;
    const html = renderToStaticMarkup(createElement(CurvesPanel, { curves: lab.curves, algos, cursor, T: config.T }));
    for (const metric of ['utility', 'cost', 'success', 'regret'] as const) {
      expect(html).toContain(`data-chart="curve-${metric}"`);
      const list = html.slice(html.indexOf(`data-testid="curve-final-${metric}"`));
      const lis = [...list.slice(0, list.indexOf('</ul>')).matchAll(/<li data-algo="([^"]+)" data-value="([^"]+)"/g)];
      expect(lis.map((m) => m[1])).toEqual(config.algos);
      for (const [, id, value] of lis) {
        const pts = lab.curves[id][metric];
        expect(Number(value)).toBe(pts[lastIndexAtOrBefore(pts, cursor)].mean);
      }
    }
    expect(html).toContain('<figcaption');
  });
  it('the regret chart speaks of the oracle’s line only when the oracle is drawn', () => {
    const note = (html: string) => /data-chart="curve-regret".*?<span class="pw-fig-note">(.*?)<\/span>/.exec(html)?.[1];
    const withOracle = renderToStaticMarkup(createElement(CurvesPanel, { curves: lab.curves, algos, cursor: 50, T: config.T }));
    expect(note(withOracle)).toBe(
      'Σ (finite-budget oracle’s expected utility − utility obtained); realised outcomes are noisy, so the oracle’s own line wanders around 0',
    );
    const learners = algos.filter((a) => a.id !== 'oracle');
    const without = renderToStaticMarkup(createElement(CurvesPanel, { curves: lab.curves, algos: learners, cursor: 50, T: config.T }));
    expect(note(without)).toBe('Σ (finite-budget oracle’s expected utility − utility obtained)');
  });
  it('says so when there is nothing to draw, and draws no chart then', () => {
    const empty = renderToStaticMarkup(createElement(CurvesPanel, { curves: {}, algos, cursor: 0, T: 0 }));
    expect(empty).toContain('No curves yet');
    expect(empty).not.toContain('recharts-wrapper');
  });
});

describe('EscalationTrace', () => {
  it('shows the latest rows before the cursor as pressable rows with their pulls', () => {
    const html = renderToStaticMarkup(createElement(EscalationTrace, { rows: lab.trace, cursor: 40, arms, categories, selectedStep: 35, onSelect: () => {} }));
    const rows = hooks(html, 'trace-row');
    expect(rows.map((r) => Number(r['data-step']))).toEqual([39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28]);
    expect(rows.find((r) => r['data-step'] === '35')?.['aria-pressed']).toBe('true');
    expect(rows.find((r) => r['data-step'] === '36')?.['aria-pressed']).toBe('false');
    const pulls = hooks(html, 'trace-pull');
    const expected = lab.trace
      .slice(28, 40)
      .reverse()
      .flatMap((r) => r.pulls);
    expect(pulls.map((p) => [p['data-arm'], Number(p['data-reward'])])).toEqual(expected.map((p) => [arms[p.arm], p.reward]));
  });
  it("shows the oracle's whole plan, on screen and in the row's name (issue 15, item 7)", () => {
    const row = { ...lab.trace[0], step: 0, oraclePlan: [0, 0, 0, 0, 1] };
    const html = renderToStaticMarkup(createElement(EscalationTrace, { rows: [row], cursor: 1, arms, categories, selectedStep: null, onSelect: () => {} }));
    const chips = [...html.matchAll(/class="pw-oracle-chip" data-arm="([^"]*)"/g)].map((m) => m[1]);
    expect(chips).toEqual([arms[0], arms[1]]);
    expect(html).not.toContain('→ …');
    expect(html).toContain(`The oracle&#x27;s plan: ${arms[0]} ×4 → ${arms[1]}, expected utility`);
  });
  it('says an exploration prompt moves on after its one forced query, and a stop by the rule is a stop', () => {
    // Seed 0: some of the forced first queries fail (seed 3's all succeed); at λ = 0.3 the rule stops on hard prompts.
    const trace = labBuiltin({ ...config, seed: 0, params: { lambda: 0.3 } }).trace;
    const html = renderToStaticMarkup(
      createElement(EscalationTrace, { rows: trace, cursor: 120, visible: 120, arms, categories, selectedStep: null, onSelect: () => {} }),
    );
    // Each row's chip, by its step: what the engine's last decision on that prompt was.
    const chips = new Map(
      html.split('data-testid="trace-row"').flatMap((part) => {
        const step = /data-step="(\d+)"/.exec(part);
        const chip = /data-testid="trace-stop"[^>]*>([^<]*)</.exec(part);
        return step && chip ? [[Number(step[1]), chip[1]] as const] : [];
      }),
    );
    const expected = new Map(
      trace.flatMap((row) => {
        const last = row.decisions.at(-1);
        if (last && last.arm < 0) return [[row.step, last.forced ? 'moves on' : 'stop'] as const];
        return row.pulls.length === 0 ? [[row.step, 'stop'] as const] : [];
      }),
    );
    expect([...expected.values()]).toContain('moves on');
    expect([...expected.values()]).toContain('stop');
    expect(chips).toEqual(expected);
  });
  it('respects `visible` and an empty cursor', () => {
    const five = renderToStaticMarkup(
      createElement(EscalationTrace, { rows: lab.trace, cursor: 120, visible: 5, arms, categories, selectedStep: null, onSelect: () => {} }),
    );
    expect(hooks(five, 'trace-row')).toHaveLength(5);
    const none = renderToStaticMarkup(createElement(EscalationTrace, { rows: lab.trace, cursor: 0, arms, categories, selectedStep: null, onSelect: () => {} }));
    expect(hooks(none, 'trace-row')).toHaveLength(0);
  });
  it('says a trace on its way in its header’s place; with no rows, asks for a run only when none is on its way', () => {
    const render = (rows: typeof lab.trace, coming: string | null) =>
      renderToStaticMarkup(createElement(EscalationTrace, { rows, cursor: 40, arms, categories, selectedStep: null, onSelect: () => {}, coming }));
    expect(render([], null)).toContain('No trace yet: run a simulation');
    const waiting = render([], 'Tracing PromptWise on trial 1 of this run…');
    expect(waiting).not.toContain('No trace yet');
    expect(waiting).toContain('aria-busy="true"');
    expect(waiting).not.toContain('played'); // no count of a trace that is not there
    expect(render(lab.trace.slice(0, 30), null)).toContain('prompts 19–30 of 30 played');
    // The last trace stays listed beneath the sentence, as many rows as without it.
    const last = render(lab.trace, 'Tracing PromptWise on trial 1 of this run…');
    expect(last).toContain('Tracing PromptWise on trial 1 of this run…');
    expect(hooks(last, 'trace-row')).toHaveLength(hooks(render(lab.trace, null), 'trace-row').length);
  });
});

describe('DecisionPanel', () => {
  it('has one table row per model per decision, the chosen one marked', () => {
    const row = lab.trace.find((r) => r.pulls.length >= 2) ?? lab.trace[0];
    const html = renderToStaticMarkup(createElement(DecisionPanel, { row, arms, lambda: 0.01, algo: 'promptwise', categories }));
    expect(hooks(html, 'decision-panel')).toHaveLength(1);
    const cells = hooks(html, 'decision-arm');
    expect(cells).toHaveLength(row.decisions.length * arms.length);
    const chosen = cells.filter((c) => c['data-chosen'] === 'true').map((c) => c['data-arm']);
    expect(chosen).toEqual(row.decisions.filter((d) => d.arm >= 0).map((d) => arms[d.arm]));
    expect(html).toMatch(/Stop rule/);
  });
  it('says what the learner did on the prompt: its queries and their outcome, or that it queried no model', () => {
    const sentence = (lambda: number, pick: (r: (typeof lab.trace)[number]) => boolean) => {
      const r = labBuiltin({ ...config, algos: ['promptwise'], T: 60, trials: 1, params: { lambda } });
      const row = r.trace.find(pick);
      expect(row, 'a prompt of that kind in the trace').toBeDefined();
      const html = renderToStaticMarkup(createElement(DecisionPanel, { row: row!, arms, lambda, algo: 'promptwise', categories }));
      return /<p class="pw-decision-sub">(.*?)<\/p>/.exec(html)?.[1].replace(/<[^>]+>/g, '');
    };
    expect(sentence(0.01, (r) => r.success === 1 && r.pulls.length === 1)).toMatch(
      /^promptwise made 1 query and succeeded: cost [\d.]+, utility \+[\d.]+ \(λ = 0\.01\)\.$/,
    );
    expect(sentence(0.01, (r) => r.success === 0 && r.pulls.length > 1)).toMatch(
      /^promptwise made \d+ queries without success: cost [\d.]+, utility [−+][\d.]+ \(λ = 0\.01\)\.$/,
    );
    // At λ = 1 every model costs more than its success is worth: after the forced pulls, PromptWise stops at once.
    expect(sentence(1, (r) => r.pulls.length === 0)).toBe('promptwise queried no model: cost 0, utility 0 (λ = 1).');
  });
  it("shows PromptWise's stop rule only for the algorithms that stop by it", () => {
    const panel = (traceAlgo: string) => {
      const r = labBuiltin({ ...config, algos: [traceAlgo], traceAlgo, T: 40, trials: 1 });
      const row = r.trace.find((t) => t.decisions.some((d) => !d.forced)) ?? r.trace[0];
      return renderToStaticMarkup(createElement(DecisionPanel, { row, arms, lambda: 0.01, algo: traceAlgo, categories }));
    };
    expect(panel('promptwise')).toMatch(/Stop rule: max/);
    const cascade = panel('cascade');
    expect(cascade).not.toMatch(/Stop rule: max/);
    expect(cascade).toContain('is not this algorithm&#x27;s: its own reason is the sentence above.');
    expect(panel('greedy-ts')).toContain('is not this algorithm&#x27;s: it has no null action.');
  });
  it('words the end of a prompt as the engine recorded it: a move on after forced exploration, a single baseline’s one query', () => {
    const render = (traceAlgo: string, pick: (r: (typeof lab.trace)[number]) => boolean) => {
      // Seed 0: some forced first queries fail, so their prompts end with a decision of their own.
      const r = labBuiltin({ ...config, seed: 0, algos: [traceAlgo], traceAlgo, T: 60, trials: 1 });
      const row = r.trace.find(pick);
      expect(row, `${traceAlgo}: a prompt of that kind`).toBeDefined();
      const html = renderToStaticMarkup(createElement(DecisionPanel, { row: row!, arms, lambda: 0.01, algo: traceAlgo, categories }));
      const end = /data-testid="decision-end"[^>]*>([^<]*)</.exec(html)?.[1];
      return { html, end };
    };
    const explored = render('promptwise', (r) => r.decisions.at(-1)?.arm === -1 && r.decisions.at(-1)!.forced);
    expect(explored.end).toBe('moves on');
    expect(explored.html).toContain('Moves on: an exploration prompt ends after its one forced query');
    expect(explored.html).toContain('data-testid="stop-rule-forced"');
    expect(explored.html).not.toMatch(/continue querying/);
    // Greedy asks one model per prompt: its stop is that rule's, not the null action nor a budget plan.
    const greedy = render('greedy', (r) => r.decisions.at(-1)?.arm === -1 && !r.decisions.at(-1)!.forced);
    expect(greedy.end).toBe('stop');
    expect(greedy.html).toContain('Stopped: it asks one model per prompt, as the original algorithm does.');
    expect(greedy.html).not.toMatch(/budget plan|Stopped \(null action\)/);
    expect(greedy.html).toContain('is not this algorithm&#x27;s: its own reason is the sentence above.');
  });
  it('asks for a selection when there is none', () => {
    expect(renderToStaticMarkup(createElement(DecisionPanel, { row: null, arms, lambda: 0.01 }))).toContain('data-testid="decision-panel"');
  });
});

describe('sweeps and usage', () => {
  const base = { ...config, T: 60, trials: 1 };
  const tau = sweepBuiltin({ base, param: 'tauMax', values: [1, 3] });
  const lam = sweepBuiltin({ base, param: 'lambda', values: [0.001, 0.1] });

  it('TradeoffPlot lists every point', () => {
    const html = renderToStaticMarkup(createElement(TradeoffPlot, { sweep: tau, algos, current: 3, loading: false }));
    expect(html).toContain('data-chart="tradeoff"');
    const lis = [...html.matchAll(/<li data-algo="([^"]+)" data-x="([^"]+)" data-cost="([^"]+)" data-success="([^"]+)"/g)];
    expect(lis).toHaveLength(tau.points.length);
    for (const [, algo, x, cost, success] of lis) {
      const p = tau.points.find((q) => q.algo === algo && q.x === Number(x))!;
      expect([Number(cost), Number(success)]).toEqual([p.cost, p.success]);
    }
    expect(renderToStaticMarkup(createElement(TradeoffPlot, { sweep: null, algos, current: 3, loading: true }))).toContain('data-state="loading"');
    expect(renderToStaticMarkup(createElement(TradeoffPlot, { sweep: null, algos, current: 3, loading: false }))).toContain('data-state="empty"');
  });

  it('TradeoffPlot’s caption says where the current τ_max is among the points drawn, and nothing of them before there are any', () => {
    const caption = (sweep: typeof tau | null, current: number, loading = false) =>
      /<span class="pw-fig-note">(.*?)<\/span>/.exec(renderToStaticMarkup(createElement(TradeoffPlot, { sweep, algos, current, loading })))?.[1];
    expect(caption(tau, 3)).toBe('labels: τ_max; ringed: the current τ_max = 3');
    expect(caption(tau, 5)).toBe('labels: τ_max; the current τ_max = 5 is not among the swept values');
    expect(caption(null, 5)).toBe('');
    expect(caption(null, 5, true)).toBe('');
  });

  it('LambdaSweepPlot’s caption names its axis and the current λ’s line once they are drawn, not before', () => {
    const caption = (sweep: typeof lam | null, loading = false) =>
      /<span class="pw-fig-note">(.*?)<\/span>/.exec(renderToStaticMarkup(createElement(LambdaSweepPlot, { sweep, algos, current: 0.01, loading })))?.[1];
    expect(caption(lam)).toMatch(/^log λ axis; dashed line: current λ = 0\.01(<|$)/);
    expect(caption(null)).toBe('');
    expect(caption(null, true)).toBe('');
  });

  it('LambdaSweepPlot lists every point', () => {
    const html = renderToStaticMarkup(createElement(LambdaSweepPlot, { sweep: lam, algos, current: 0.1, loading: false }));
    expect(html).toContain('data-chart="lambda-sweep"');
    expect([...html.matchAll(/<li data-algo="[^"]+" data-x=/g)]).toHaveLength(lam.points.length);
    expect(html).toContain('data-current="true"');
  });

  it('ArmUsagePanel lists pulls per algorithm, category and model', () => {
    const html = renderToStaticMarkup(createElement(ArmUsagePanel, { usage: lab.usage, algos, arms, categories }));
    expect(html).toContain('data-chart="arm-usage"');
    const cells = [...html.matchAll(/<li data-algo="([^"]+)" data-category="([^"]+)" data-arm="([^"]+)" data-count="(\d+)"/g)];
    const total = (id: string) => lab.usage[id].counts.flat().reduce((s, v) => s + v, 0);
    for (const a of config.algos) {
      expect(cells.filter((c) => c[1] === a).reduce((s, c) => s + Number(c[4]), 0)).toBe(total(a));
    }
  });
});

describe('Teach and HelpText', () => {
  it('typesets the formulas with KaTeX (HTML + MathML) once KaTeX has loaded', async () => {
    expect(renderToStaticMarkup(createElement(Teach))).toContain('pw-formula-pending'); // the TeX source until then
    await loadKatex();
    const html = renderToStaticMarkup(createElement(Teach));
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
    expect(html).not.toContain('katex-error');
  });
  it('has help for λ and τ_max', () => {
    expect(renderToStaticMarkup(createElement(HelpText, { topic: 'lambda', value: 0.01 }))).toContain('data-help="lambda"');
    expect(renderToStaticMarkup(createElement(HelpText, { topic: 'tauMax', value: 1 }))).toContain('no escalation');
    expect(HELP_TEXT.lambda).toMatch(/λ/);
  });
});

describe('ResultsTable', () => {
  it("marks the benchmark oracle's regret as noise, and no one else's", () => {
    const html = renderToStaticMarkup(createElement(ResultsTable, { result: lab.summary, trials: config.trials }));
    expect(hooks(html, 'regret-oracle')[0].class).toBe('num muted');
    expect(html.match(/\(noise\)/g)).toHaveLength(1);
    expect(hooks(html, 'regret-promptwise')[0].class).toBe('num');
  });

  it('lists the stakeholder line’s references under the algorithms: each model alone, its role, no regret', () => {
    const references = referenceRows(lab, (id) => id);
    expect(references.length).toBeGreaterThan(0);
    const html = renderToStaticMarkup(createElement(ResultsTable, { result: lab.summary, trials: config.trials, references }));
    for (const r of references) {
      const single = lab.singleModels.find((m) => m.model === r.model)!;
      expect(hooks(html, `success-alone-${r.model}-mean`)[0]['data-value']).toBe(rawNumber(single.success.mean));
      expect(hooks(html, `cost-alone-${r.model}-mean`)[0]['data-value']).toBe(rawNumber(single.cost.mean));
      expect(html).toContain(`${r.model} alone</span><span class="reference-role muted">${r.role}</span>`);
      expect(hooks(html, `regret-alone-${r.model}`)).toEqual([]);
    }
    expect(references[0].role).toMatch(/^the most accurate model/);
    // Without references, no reference rows.
    expect(renderToStaticMarkup(createElement(ResultsTable, { result: lab.summary, trials: config.trials }))).not.toContain('results-references');
  });

  it('writes each figure as the headline’s cards do, the exact value beside it (issue 15, item 7)', () => {
    const html = renderToStaticMarkup(createElement(ResultsTable, { result: lab.summary, trials: config.trials }));
    const cellText = (testid: string) => html.match(new RegExp(`data-testid="${testid}"[^>]*>([^<]*)<`))?.[1];
    for (const [algo, summary] of Object.entries(lab.summary.results)) {
      for (const metric of ['utility', 'cost', 'success', 'regret'] as const) {
        for (const part of ['mean', 'std'] as const) {
          const id = `${metric}-${algo}-${part}`;
          expect(hooks(html, id)[0]['data-value'], id).toBe(rawNumber(summary[metric][part]));
          expect(cellText(id), id).toBe(METRIC_FORMAT[metric](summary[metric][part]));
        }
      }
      // Success as a percentage, as the cards write it: never "0.921700".
      expect(cellText(`success-${algo}-mean`)).toMatch(/^\d{1,3}(\.\d)?%$/);
    }
  });
});

describe('ChartTooltip', () => {
  it('writes the head, then one row per series with its swatch and values, muted where asked', () => {
    const html = renderToStaticMarkup(
      createElement(ChartTooltip, {
        head: 'Utility · t = 40',
        rows: [
          { key: 'promptwise', name: 'PromptWise', swatch: '#1D5FC2', cells: [{ value: '0.912' }, { value: '± 0.01', muted: true }] },
          { key: 'oracle', name: 'Oracle (DP)', cells: [{ value: '0.950' }] },
        ],
      }),
    );
    expect(html).toContain('<div class="pw-tooltip-head">Utility · t = 40</div>');
    expect(html).toContain('<th scope="row"><span class="pw-swatch-dot" style="background:#1D5FC2" aria-hidden="true"></span>PromptWise</th>');
    expect(html).toContain('<td>0.912</td><td class="pw-muted">± 0.01</td>');
    expect(html).toContain('<th scope="row">Oracle (DP)</th><td>0.950</td>');
  });
});
