/**
 * Every generated table of docs/REPRODUCTION.md, as a block with an id: what it runs and how it prints.
 * `npm run report` builds them all (and their charts); the check test rebuilds the `checked` ones and
 * compares them with the committed document, string for string (same seed, same numbers).
 */
import { PRESETS, type Preset, presetCliArgs } from '../../src/engine/lab/presets';
import { runLab, runSweep } from '../../src/engine/lab/run';
import type { LabConfig } from '../../src/engine/lab/types';
import { diffStandardError } from '../../src/engine/metrics';
import { ALGORITHMS, algorithmSpec } from '../../src/engine/policies/algorithms';
import { type AlgoSummary, runSimulation, type SimResult } from '../../src/engine/simulate';
import { type BanditParams, defaultParams, type World } from '../../src/engine/types';
import { builtinWorld, builtinWorldNames } from '../../src/engine/worlds/builtins';
import type { Chart } from './charts';
import { bestSingleModel, datasetWorld, presetWorld } from './data';
import { byUtility, fixed, markdownTable, pm, summaryCells } from './format';
import { PAPER_NUMBERS, README_REFERENCES, REAL_DATASETS } from './notes';

export interface BlockOutput {
  /** The markdown table (what the check compares). */
  table: string;
  /** A chart rendered to docs/img/<id>.png by `npm run report` (blocks with a `caption`). */
  chart?: Chart;
}

export interface BlockDef {
  id: string;
  /** Rebuilt by the check test: fast enough for `npm test` on two cores. The others only by `npm run report`. */
  checked: boolean;
  /** The command line that reproduces the table's numbers. Known without running, like the caption. */
  command: string;
  /** The chart's alt text, for blocks that draw one. */
  caption?: string;
  build(): BlockOutput;
}

const label = (id: string) => algorithmSpec(id)?.label ?? id;

function labConfig(name: string, algos: readonly string[], T: number, trials: number, seed: number, params: Partial<BanditParams>): LabConfig {
  // No trace: the report needs the summary and curves only (tracing never changes a number, docs/ENGINE.md).
  return { world: name, algos: [...algos], T, trials, seed, params, traceAlgo: algos[0], traceSteps: 0, curvePoints: 100 };
}

const METRIC_HEADER = ['utility', 'cost', 'success', 'regret'];

const COMPARED_HEADER = ['success rank: lab / paper', 'success − best learner (pts): lab / paper', 'cost ÷ cheapest price: lab / paper'];

/**
 * The lab's run beside a paper table, on what does not depend on the model pool (PAPER_NUMBERS): among the
 * algorithms both report, the rank by success, the success gap to the best of them in points, and the cost as a
 * multiple of the cheapest model's price. Absolute costs are never compared: the pools differ.
 */
function comparePaper(
  paper: (typeof PAPER_NUMBERS)[string],
  results: Record<string, { success: { mean: number }; cost: { mean: number } }>,
  labCheapestPrice: number,
): Map<string, string[]> {
  const ids = Object.keys(paper.results).filter((id) => id in results);
  const labSuccess = (id: string) => 100 * results[id].success.mean;
  const paperSuccess = (id: string) => paper.results[id].success;
  const rank = (score: (id: string) => number) => new Map([...ids].sort((a, b) => score(b) - score(a)).map((id, i) => [id, i + 1]));
  const labRank = rank(labSuccess);
  const paperRank = rank(paperSuccess);
  const labBest = Math.max(...ids.map(labSuccess));
  const paperBest = Math.max(...ids.map(paperSuccess));
  const pts = (v: number) => (v === 0 ? '0.0' : `${v < 0 ? '−' : '+'}${Math.abs(v).toFixed(1)}`);
  const times = (v: number) => `${v.toFixed(2)}×`;
  return new Map(
    ids.map((id) => [
      id,
      [
        `${labRank.get(id)} / ${paperRank.get(id)}`,
        `${pts(labSuccess(id) - labBest)} / ${pts(paperSuccess(id) - paperBest)}`,
        `${times(results[id].cost.mean / labCheapestPrice)} / ${times(paper.results[id].cost / paper.cheapestPrice)}`,
      ],
    ]),
  );
}

/** Rows of a results record, best utility first, as `npm run sim` lists them. */
function resultRows(result: SimResult): string[][] {
  return byUtility(result.results).map((id) => [`\`${id}\``, ...summaryCells(result.results[id])]);
}

// ---------------------------------------------------------------------------------------------------------
// The presets: one block per experiment of the paper.

function presetBlock(preset: Preset): BlockDef {
  // Adaptation presets are about regret: its bumps when a model or a prompt type arrives are the point.
  const metric = preset.id === 'new-prompts' || preset.id === 'new-models' ? 'regret' : 'utility';
  const caption = `${preset.title}: ${metric === 'regret' ? 'cumulative regret' : 'running average utility'} (mean of ${preset.trials} trials)`;
  return {
    id: `preset-${preset.id}`,
    // Built-in worlds run in about a second; the HumanEval replays and RouteProfile n-grams take 10–30 s each.
    checked: typeof preset.world === 'string',
    command: `npm run sim -- ${presetCliArgs(preset).join(' ')}`,
    caption,
    build() {
      const world = presetWorld(preset);
      const lab = runLab(world, labConfig(world.name, preset.algos, preset.T, preset.trials, preset.seed, preset.params));
      const paper = PAPER_NUMBERS[preset.id];
      const compared = paper ? comparePaper(paper, lab.summary.results, Math.min(...lab.world.costs)) : null;
      const header = ['algorithm', ...METRIC_HEADER, ...(compared ? COMPARED_HEADER : [])];
      const rows = byUtility(lab.summary.results).map((id) => {
        const cells = [`\`${id}\``, ...summaryCells(lab.summary.results[id])];
        if (compared) cells.push(...(compared.get(id) ?? COMPARED_HEADER.map(() => '—')));
        return cells;
      });
      return {
        table: markdownTable(header, rows),
        chart: {
          kind: 'lines',
          title: caption,
          xLabel: 'prompts t',
          yLabel: metric === 'regret' ? 'cumulative regret' : 'average utility',
          series: preset.algos.map((id) => ({ name: label(id), points: lab.curves[id][metric].map((p) => [p.t, p.mean] as [number, number]) })),
        },
      };
    },
  };
}

const TAU_SWEEP = [1, 2, 4, 8, 16];
const ROUND_BUDGET_CAPTION = 'Round budget (two models priced 18 and 75): cost against success, τ_max = 1…16';

/** The round-budget trade-off (Figure 4): success and cost at each τ_max on the two-models world. */
function roundBudgetSweepBlock(): BlockDef {
  const preset = PRESETS.find((p) => p.id === 'round-budget')!;
  return {
    id: 'round-budget-sweep',
    checked: true,
    command: `npm run sim -- ${presetCliArgs(preset).join(' ').replace('--tau-max 5', '--tau-max N')}   # N ∈ {${TAU_SWEEP.join(', ')}}`,
    caption: ROUND_BUDGET_CAPTION,
    build() {
      const world = presetWorld(preset);
      const sweep = runSweep(world, {
        base: labConfig(world.name, preset.algos, preset.T, preset.trials, preset.seed, preset.params),
        param: 'tauMax',
        values: TAU_SWEEP,
      });
      const at = (algo: string, tau: number) => sweep.points.find((p) => p.algo === algo && p.x === tau)!;
      const rows = preset.algos.map((id) => [`\`${id}\``, ...TAU_SWEEP.map((tau) => `${fixed(at(id, tau).success, 3)} / ${fixed(at(id, tau).cost, 1)}`)]);
      return {
        table: markdownTable(['algorithm', ...TAU_SWEEP.map((tau) => `τ_max = ${tau}: success / cost`)], rows),
        chart: {
          kind: 'scatter',
          title: ROUND_BUDGET_CAPTION,
          xLabel: 'mean cost per prompt',
          yLabel: 'success rate',
          logX: false,
          series: preset.algos.map((id) => ({
            name: label(id),
            connect: true,
            points: TAU_SWEEP.map((tau) => ({ x: at(id, tau).cost, y: at(id, tau).success, label: `τ=${tau}` })),
          })),
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Real data beyond the paper.

/** The real-data runs: recorded per-query costs in µ$ and a λ small enough that λ·c < 1 on every query. */
export const REAL = {
  lambda: 1e-4,
  tauMax: 5,
  T: 1000,
  trials: 20,
  seed: 0,
  features: 'task-onehot' as const,
  algos: [
    'promptwise',
    'promptwise-budget',
    'promptwise-klr',
    'ca-pak-ucb-ts',
    'random',
    'greedy',
    'random-ts',
    'greedy-ts',
    'lowest-cost',
    'highest-cost',
    'oracle-prop1',
    'oracle',
  ],
};

function realCommand(folder: string, algos: readonly string[] = REAL.algos): string {
  return [
    `npm run sim -- --world ../shared/data/${folder} --features ${REAL.features} --costs per-query`,
    `--algos ${algos.join(',')} --T ${REAL.T} --trials ${REAL.trials} --seed ${REAL.seed} --lambda ${REAL.lambda} --tau-max ${REAL.tauMax}`,
  ].join(' ');
}

function realDataBlock(folder: string, checked: boolean): BlockDef {
  const caption = `${REAL_DATASETS[folder].title}: cost (µ$ per prompt) against success, λ = ${REAL.lambda}`;
  return {
    id: `real-${folder}`,
    checked,
    command: realCommand(folder),
    caption,
    build() {
      const world = datasetWorld(folder, { features: REAL.features, costs: 'per-query' });
      const result = runSimulation(world, {
        algos: REAL.algos,
        T: REAL.T,
        trials: REAL.trials,
        seed: REAL.seed,
        params: { lambda: REAL.lambda, tauMax: REAL.tauMax },
      });
      const best = bestSingleModel(folder, REAL.lambda);
      const readme = README_REFERENCES[folder];
      const dash = '—';
      const rows = [
        ...resultRows(result),
        [`data, whole file: ${best.label} (expected, one query)`, fixed(best.utility, 4), fixed(best.cost, 3), fixed(best.success, 4), dash],
        [
          `README: best single model ${readme.bestSingle.model} (success := score ≥ 0.5)`,
          dash,
          fixed(readme.bestSingle.costUsd * 1e6, 3),
          fixed(readme.bestSingle.success, 4),
          dash,
        ],
        [
          `README: oracle "cheapest model that succeeds" (prompts no model solves cost 0)`,
          dash,
          fixed(readme.oracle.costUsd * 1e6, 3),
          fixed(readme.oracle.success, 4),
          dash,
        ],
      ];
      const ordered = byUtility(result.results);
      return {
        table: markdownTable(['algorithm', ...METRIC_HEADER], rows),
        chart: {
          kind: 'scatter',
          title: caption,
          xLabel: 'mean recorded cost per prompt, µ$',
          yLabel: 'success rate',
          logX: true,
          series: [
            ...ordered.map((id) => ({ name: label(id), connect: false, points: [{ x: result.results[id].cost.mean, y: result.results[id].success.mean }] })),
            { name: `best single (data)`, connect: false, points: [{ x: best.cost, y: best.success, label: best.model }] },
          ],
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Findings beyond the paper.

const BASE = { T: 1000, trials: 20, seed: 0 };

function run(world: World, algos: string[], params: Partial<BanditParams>, trials = BASE.trials): SimResult {
  return runSimulation(world, { algos, T: BASE.T, trials, seed: BASE.seed, params });
}

export const GAP_WORLDS = ['t2i', 'sudoku', 'two-models'];
export const GAP_TAUS = [1, 2, 3, 5];

/** Proposition 1 against the finite-budget DP, and how much of PromptWise's gap PromptWise-Budget closes. */
function budgetGapBlock(): BlockDef {
  return {
    id: 'finding-budget-gap',
    checked: true,
    command:
      'npm run sim -- --world W --algos promptwise,promptwise-budget,oracle-prop1,oracle --lambda 0.01 --tau-max N   # W ∈ {t2i, sudoku, two-models}, N ∈ {2, 3, 5}',
    build() {
      const algos = ['promptwise', 'promptwise-budget', 'oracle-prop1', 'oracle'];
      const rows: string[][] = [];
      for (const name of GAP_WORLDS) {
        const world = builtinWorld(name);
        for (const tauMax of GAP_TAUS) {
          const r = run(world, algos, { lambda: 0.01, tauMax }).results;
          const u = (id: string) => r[id].utility.mean;
          const gapPw = u('oracle') - u('promptwise');
          const recovered = gapPw > 0 ? `${fixed((100 * (u('promptwise-budget') - u('promptwise'))) / gapPw, 0)}%` : '—';
          rows.push([
            name,
            String(tauMax),
            ...algos.map((id) => pm(r[id].utility, 4)),
            fixed(u('oracle') - u('oracle-prop1'), 4),
            `${fixed(r.promptwise.regret.mean, 1)} → ${fixed(r['promptwise-budget'].regret.mean, 1)}`,
            recovered,
          ]);
        }
      }
      return {
        table: markdownTable(
          [
            'world',
            'τ_max',
            '`promptwise`',
            '`promptwise-budget`',
            '`oracle-prop1`',
            '`oracle` (DP)',
            'DP − Prop. 1',
            'regret: PW → PW-Budget',
            'gap recovered',
          ],
          rows,
        ),
      };
    },
  };
}

const RIDGES = [1e-4, 1e-3, 1e-2, 1e-1, 1, 10];

function ridgeRows(worlds: { name: string; world: World; params: Partial<BanditParams> }[], algos: string[], trials: number): string[][] {
  const rows: string[][] = [];
  for (const ridge of RIDGES) {
    const cells = [String(ridge) + (ridge === defaultParams.ridge ? ' (default)' : '')];
    for (const w of worlds) {
      const r = run(w.world, algos, { ...w.params, ridge }, trials).results;
      for (const id of algos) cells.push(`${pm(r[id].utility, 4)} (regret ${fixed(r[id].regret.mean, 1)})`);
    }
    rows.push(cells);
  }
  return rows;
}

/** PromptWise's (and Greedy's) sensitivity to the MLE ridge ρ, which also sets V_a = ρI + Σ xxᵀ. */
function ridgeBlock(): BlockDef {
  return {
    id: 'finding-ridge',
    checked: true,
    command: `npm run sim -- --world W --algos promptwise,greedy --ridge R   # W ∈ {t2i, sudoku}, R ∈ {${RIDGES.join(', ')}}`,
    build() {
      const worlds = ['t2i', 'sudoku'].map((name) => ({ name, world: builtinWorld(name), params: { lambda: 0.01, tauMax: 5 } }));
      const algos = ['promptwise', 'greedy'];
      return {
        table: markdownTable(['ρ (`--ridge`)', ...worlds.flatMap((w) => algos.map((id) => `${w.name}: \`${id}\``))], ridgeRows(worlds, algos, BASE.trials)),
      };
    },
  };
}

function ridgeHumanEvalBlock(): BlockDef {
  const humaneval = PRESETS.find((p) => p.id === 'humaneval')!;
  const algos = ['promptwise'];
  return {
    id: 'finding-ridge-humaneval',
    checked: false,
    command: `npm run sim -- ${presetCliArgs({ ...humaneval, algos }).join(' ')} --ridge R   # R ∈ {${RIDGES.join(', ')}}`,
    build() {
      const worlds = [{ name: 'humaneval', world: presetWorld(humaneval), params: humaneval.params }];
      return {
        table: markdownTable(['ρ (`--ridge`)', 'HumanEval (n-grams, d = 64): `promptwise`'], ridgeRows(worlds, algos, BASE.trials)),
      };
    },
  };
}

const SIGMAS = [0.25, 0.5, 1, 3];

/**
 * The RBF kernel on one-hot contexts: two different categories are √2 apart, so k = exp(−1/σ²), 0.895 at
 * σ = 3: every category looks like every other, and the kernel methods pool them.
 */
function rbfBlock(): BlockDef {
  return {
    id: 'finding-rbf',
    checked: true,
    command: `npm run sim -- --world W --algos promptwise-klr,ca-pak-ucb-ts --sigma S   # W ∈ {t2i, sudoku}, S ∈ {${SIGMAS.join(', ')}}`,
    build() {
      const names = ['t2i', 'sudoku'];
      const kernelAlgos = ['promptwise-klr', 'ca-pak-ucb-ts'];
      const rows: string[][] = [];
      const results = new Map<string, SimResult>();
      for (const name of names) {
        // PromptWise's logistic model has no σ: one run is its reference at every σ.
        results.set(`${name}:promptwise`, run(builtinWorld(name), ['promptwise'], { lambda: 0.01, tauMax: 5 }));
      }
      for (const sigma of SIGMAS) {
        const cells = [String(sigma) + (sigma === defaultParams.sigma ? ' (default)' : ''), fixed(Math.exp(-1 / (sigma * sigma)), 3)];
        for (const name of names) {
          const r = run(builtinWorld(name), kernelAlgos, { lambda: 0.01, tauMax: 5, sigma }).results;
          for (const id of kernelAlgos) cells.push(`${pm(r[id].utility, 4)} (regret ${fixed(r[id].regret.mean, 1)})`);
        }
        rows.push(cells);
      }
      rows.push([
        '`promptwise` (logistic, no σ)',
        '—',
        ...names.flatMap((name) => {
          const r = results.get(`${name}:promptwise`)!.results.promptwise;
          return [`${pm(r.utility, 4)} (regret ${fixed(r.regret.mean, 1)})`, ''];
        }),
      ]);
      return {
        table: markdownTable(['σ (`--sigma`)', 'k(e_i, e_j), i ≠ j', ...names.flatMap((n) => kernelAlgos.map((id) => `${n}: \`${id}\``))], rows),
      };
    },
  };
}

const OFFICIAL_ALGOS = ['promptwise', 'promptwise-official', 'ca-pak-ucb-ts', 'ca-pak-ucb-ts-official', 'oracle'];

/** The authors' code's readings beside ours, on a preset's world and parameters (λ overridable). */
function officialBlock(presetId: string, checked: boolean, lambda?: number): BlockDef {
  const preset = PRESETS.find((p) => p.id === presetId)!;
  const params = lambda === undefined ? preset.params : { ...preset.params, lambda };
  return {
    id: `official-${presetId}${lambda === undefined ? '' : `-lambda-${lambda}`}`,
    checked,
    command: `npm run sim -- ${presetCliArgs({ ...preset, algos: OFFICIAL_ALGOS, params }).join(' ')}`,
    build() {
      const result = run(presetWorld(preset), OFFICIAL_ALGOS, params, preset.trials);
      return { table: markdownTable(['algorithm', ...METRIC_HEADER], resultRows(result)) };
    },
  };
}

const SPREAD_ALGOS = ['promptwise', 'ca-pak-ucb-ts', 'ca-pak-ucb-ts-official', 'ca-pak-ucb-ts-official-ca'];

/**
 * Does the authors' code's lock-in (ca-pak-ucb-ts-official, docs/ENGINE.md reading 12) explain Table 1's spread for
 * CA PAK-UCB-tS? Per-trial spread of success and cost beside the paper's, on every world with the paper's prices.
 */
function officialSpreadBlock(): BlockDef {
  // Lab rows take the paper's CA PAK-UCB-tS row's place beside each of the code's variants.
  const worlds = [
    { label: "t2i (five models, the paper's prices)", preset: 't2i' },
    { label: 'sudoku (Task 1 models and prices)', preset: 'sudoku' },
    { label: 'HumanEval replay (two models)', preset: 'humaneval' },
  ].map((w) => ({ ...w, preset: PRESETS.find((p) => p.id === w.preset)! }));
  const cv = (s: { mean: number; std: number }) => fixed(s.std / s.mean, 2);
  return {
    id: 'official-spread',
    checked: true,
    command: worlds.map((w) => `npm run sim -- ${presetCliArgs({ ...w.preset, algos: SPREAD_ALGOS }).join(' ')}`).join('\n'),
    build() {
      const paper = PAPER_NUMBERS.humaneval;
      const rows: string[][] = SPREAD_ALGOS.filter((id) => id in paper.results).map((id) => {
        const p = paper.results[id];
        return [
          'paper, Table 1 (HumanEval, five models 0.75–90)',
          label(id),
          `${fixed(p.success, 2)} ± ${fixed(p.successStd, 2)}`,
          `${fixed(p.cost, 2)} ± ${fixed(p.costStd, 2)}`,
          cv({ mean: p.cost, std: p.costStd }),
        ];
      });
      for (const w of worlds) {
        const r = run(presetWorld(w.preset), SPREAD_ALGOS, w.preset.params, w.preset.trials).results;
        for (const id of SPREAD_ALGOS) {
          const s = r[id];
          rows.push([`lab, ${w.label}`, label(id), `${fixed(100 * s.success.mean, 2)} ± ${fixed(100 * s.success.std, 2)}`, pm(s.cost, 2), cv(s.cost)]);
        }
      }
      return {
        table: markdownTable(['run', 'algorithm', 'success % (± std over 20 trials)', 'cost per prompt (± std)', 'cost std ÷ mean'], rows),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// PromptWise against the online-routing literature (issue 45).

/** The literature's learners (engine/policies/literature.ts), in the registry's order. */
const LITERATURE_ALGOS = ALGORITHMS.filter((a) => a.family === 'literature').map((a) => a.id);

/** Every built-in world, then every recorded dataset with the real-data section's settings. */
export const LITERATURE_WORLDS: readonly { id: string; title: string; checked: boolean; command: string; trials: number; run(algos: string[]): SimResult }[] = [
  ...builtinWorldNames.map((name) => ({
    id: name,
    title: `\`${name}\``,
    // A built-in world's eight learners take a few seconds on two cores; `logistic` is the check's.
    checked: name === 'logistic',
    command: `npm run sim -- --world ${name} --algos promptwise,${LITERATURE_ALGOS.join(',')}`,
    trials: BASE.trials,
    run: (algos: string[]) => run(builtinWorld(name), algos, {}),
  })),
  ...Object.keys(REAL_DATASETS).map((folder) => ({
    id: folder,
    title: REAL_DATASETS[folder].title,
    checked: false,
    command: realCommand(folder, ['promptwise', ...LITERATURE_ALGOS]),
    trials: REAL.trials,
    run: (algos: string[]) =>
      runSimulation(datasetWorld(folder, { features: REAL.features, costs: 'per-query' }), {
        algos,
        T: REAL.T,
        trials: REAL.trials,
        seed: REAL.seed,
        params: { lambda: REAL.lambda, tauMax: REAL.tauMax },
      }),
  })),
];

/**
 * PromptWise's mean utility less another's, with its standard error (engine/metrics.ts), and the verdict:
 * PromptWise wins or loses where the difference is beyond 2 standard errors, else they tie.
 */
function versusPromptWise(pw: AlgoSummary, other: AlgoSummary, trials: number): { diff: number; se: number; verdict: 'wins' | 'ties' | 'loses' } {
  const diff = pw.utility.mean - other.utility.mean;
  const se = diffStandardError(pw.utility, other.utility, trials);
  return { diff, se, verdict: diff > 2 * se ? 'wins' : diff < -2 * se ? 'loses' : 'ties' };
}

/** One world's runs of PromptWise and the literature, memoised: the summary block reads the detail blocks' runs. */
const literatureRuns = new Map<string, SimResult>();
function literatureRun(w: (typeof LITERATURE_WORLDS)[number]): SimResult {
  let r = literatureRuns.get(w.id);
  if (!r) {
    r = w.run(['promptwise', ...LITERATURE_ALGOS]);
    literatureRuns.set(w.id, r);
  }
  return r;
}

const versusCell = (v: ReturnType<typeof versusPromptWise>) => `${v.verdict} (${fixed(v.diff, 4)} ± ${fixed(v.se, 4)})`;

function literatureBlock(w: (typeof LITERATURE_WORLDS)[number]): BlockDef {
  return {
    id: `literature-${w.id}`,
    checked: w.checked,
    command: w.command,
    build() {
      const r = literatureRun(w);
      const pw = r.results.promptwise;
      const rows = byUtility(r.results).map((id) => [
        `\`${id}\``,
        ...summaryCells(r.results[id]),
        id === 'promptwise' ? '—' : versusCell(versusPromptWise(pw, r.results[id], w.trials)),
      ]);
      return { table: markdownTable(['algorithm', ...METRIC_HEADER, 'PromptWise against it: utility difference ± SE'], rows) };
    },
  };
}

/** Where PromptWise wins, ties or loses against each learner of the literature, on every world and dataset. */
function literatureSummaryBlock(): BlockDef {
  return {
    id: 'literature-summary',
    checked: false,
    command: 'the runs of the tables below',
    build() {
      const rows = LITERATURE_ALGOS.map((id) => {
        const verdicts = LITERATURE_WORLDS.map((w) => {
          const r = literatureRun(w);
          return versusPromptWise(r.results.promptwise, r.results[id], w.trials).verdict;
        });
        const count = (v: string) => verdicts.filter((x) => x === v).length;
        return [`\`${id}\``, ...verdicts, `${count('wins')} / ${count('ties')} / ${count('loses')}`];
      });
      return { table: markdownTable(['PromptWise against', ...LITERATURE_WORLDS.map((w) => w.title), 'wins / ties / loses'], rows) };
    },
  };
}

/** Every block, in the document's order. */
export const BLOCKS: readonly BlockDef[] = [
  ...PRESETS.map(presetBlock),
  roundBudgetSweepBlock(),
  ...Object.keys(REAL_DATASETS).map((folder) => realDataBlock(folder, REAL_DATASETS[folder].checked)),
  budgetGapBlock(),
  ridgeBlock(),
  ridgeHumanEvalBlock(),
  rbfBlock(),
  officialBlock('t2i', true),
  officialBlock('t2i', true, 0.05),
  officialBlock('humaneval', false),
  officialBlock('humaneval-x', false),
  officialSpreadBlock(),
  literatureSummaryBlock(),
  ...LITERATURE_WORLDS.map(literatureBlock),
];
