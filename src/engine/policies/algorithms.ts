/**
 * The one registry of algorithms: what each is, as plain data with no imports, so that code which only lists,
 * labels, colours or explains algorithms (the page's main bundle, the link codec, the CLI's help) need not load the
 * policies. Everything else derives from it: `registry.ts` adds how to create each policy (and checks it covers
 * exactly these ids), `state/catalog.ts` the lab's lists, `ui/palette.ts` the line styles (family and shade),
 * `ui/views/explain.ts` the sentence for a decision (rule). Ids and order are those of ../shared/spec/cli.md.
 */

/** Who an algorithm is in the story the lab tells: drawn as one colour family, ranked as one group. */
export type AlgorithmFamily = 'promptwise' | 'competitor' | 'literature' | 'baseline' | 'oracle';

/**
 * How the algorithm chooses the next model on a prompt, which the lab puts into words for each decision:
 * - `ratio`: argmin c/q̂ among the available models while max(q̂ − λc) > 0 (Proposition 1, promptwise.tex l. 300);
 * - `budget`: the finite-budget plan (dynamic programming over the rounds left) on q̂, or on q for the oracle;
 * - `margin`: argmax q̂ − λc;
 * - `max-q`: argmax q̂, cost not considered;
 * - `none`: a fixed or random choice that estimates nothing;
 * - `own`: a rule of its own (a UCB index, a posterior draw, a coin, a threshold test) that the learner states with
 *   each decision (PolicyExplanation.own).
 */
export type DecisionRule = 'ratio' | 'budget' | 'margin' | 'max-q' | 'none' | 'own';

export interface AlgorithmSpec {
  readonly id: string;
  readonly label: string;
  /** A few words, for the CLI's help. */
  readonly summary: string;
  /** One sentence: what it does and where it comes from (the lab's tooltip, the worker's catalog). */
  readonly description: string;
  readonly family: AlgorithmFamily;
  readonly rule: DecisionRule;
  /** It knows the true success rates q (an oracle): a yardstick, never "the best baseline". */
  readonly knowsQ: boolean;
  /** A reading of the authors' code (docs/ENGINE.md, readings 12–13): selectable, not run by default. */
  readonly officialCode: boolean;
  /** Its line style within its family (ui/palette.ts): 0 is the family's boldest. */
  readonly shade: number;
  /** Rule `own`: how λ enters its choices, completing "its cost moves with λ because …" (state/lessons.ts). */
  readonly lambdaRole?: string;
}

export const ALGORITHMS = [
  {
    id: 'promptwise',
    label: 'PromptWise',
    summary: 'logistic UCB, Proposition 1, update per pull',
    description: 'Algorithm 1: logistic UCB per model, Proposition 1 on q̂, update after every pull',
    family: 'promptwise',
    rule: 'ratio',
    knowsQ: false,
    officialCode: false,
    shade: 0,
  },
  {
    id: 'promptwise-perstep',
    label: 'PromptWise (per-step update)',
    summary: 'PromptWise, estimates updated once per prompt',
    description: 'Algorithm 3: as PromptWise, but estimates are updated once per prompt',
    family: 'promptwise',
    rule: 'ratio',
    knowsQ: false,
    officialCode: false,
    shade: 2,
  },
  {
    id: 'promptwise-klr',
    label: 'PromptWise-KLR',
    summary: 'PromptWise with kernel logistic regression',
    description: 'PromptWise with kernel logistic regression (RBF σ, β) and its kernel bonus',
    family: 'promptwise',
    rule: 'ratio',
    knowsQ: false,
    officialCode: false,
    shade: 3,
  },
  {
    id: 'promptwise-budget',
    label: 'PromptWise-Budget',
    summary: 'beyond the paper: budget DP on q̂',
    description: 'Beyond the paper: the finite-budget DP on q̂ with the rounds left, re-planned after each failure',
    family: 'promptwise',
    rule: 'budget',
    knowsQ: false,
    officialCode: false,
    shade: 1,
  },
  {
    id: 'promptwise-official',
    label: 'PromptWise (official code)',
    summary: "the authors' PromptWise code",
    description: "The authors' code: bonus α·xᵀV⁻¹x with V⁻¹ from 10⁻⁶·I (about zero), MLE under ½‖θ‖²; exploration only from τ_exp",
    family: 'promptwise',
    rule: 'ratio',
    knowsQ: false,
    officialCode: true,
    shade: 4,
  },
  {
    id: 'ca-pak-ucb-ts',
    label: 'CA PAK-UCB-tS',
    summary: 'kernel ridge UCB, argmax q̂ − λc till success',
    description: 'Kernel ridge UCB: argmax q̂ − λc once per prompt, repeated until success or budget',
    family: 'competitor',
    rule: 'margin',
    knowsQ: false,
    officialCode: false,
    shade: 0,
  },
  {
    id: 'ca-pak-ucb-ts-official',
    label: 'CA PAK-UCB-tS (official code)',
    summary: "the authors' CA PAK-UCB-tS code, bugs included",
    description:
      "The authors' code, bugs included: argmax q̂ without the −λc term, ties drawn at random, and its first-pull inverse 1/k(x,x) + β, which locks a trial onto the first model to succeed",
    family: 'competitor',
    rule: 'max-q',
    knowsQ: false,
    officialCode: true,
    shade: 1,
  },
  {
    id: 'ca-pak-ucb-ts-official-ca',
    label: 'CA PAK-UCB-tS (official code, cost-aware)',
    summary: "the authors' code with its cost-aware option",
    description:
      "The authors' code with its cost-aware option (cost_aware_greedy): as CA PAK-UCB-tS (official code), but choosing argmax q̂ − λc, the paper's rule",
    family: 'competitor',
    rule: 'margin',
    knowsQ: false,
    officialCode: true,
    shade: 2,
  },
  {
    id: 'linucb',
    label: 'LinUCB',
    summary: 'linear UCB per model, one query',
    description:
      'LinUCB (Li et al. 2010, Algorithm 1): a ridge regression per model, the model of the highest index x·θ̂ + α‖x‖ less λc; one query per prompt, no null action',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 0,
    lambdaRole: 'it asks the model of the highest LinUCB index less λc, a score λ enters directly',
  },
  {
    id: 'linucb-ts',
    label: 'LinUCB-till-Succeed',
    summary: 'LinUCB, re-ranked after each failure',
    description: 'LinUCB asking again after a failure, re-ranked with the updated regression, until success or τ_max',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 1,
    lambdaRole: 'it asks the model of the highest LinUCB index less λc, a score λ enters directly',
  },
  {
    id: 'lin-thompson',
    label: 'Linear Thompson',
    summary: 'linear Thompson sampling, one query',
    description: 'Linear Thompson sampling (Agrawal & Goyal 2013): a posterior draw per model, the highest draw less λc; one query per prompt, no null action',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 2,
    lambdaRole: 'it asks the model of the highest posterior draw less λc, a score λ enters directly',
  },
  {
    id: 'lin-thompson-ts',
    label: 'Linear Thompson-till-Succeed',
    summary: 'linear Thompson sampling, drawn again after each failure',
    description: 'Linear Thompson sampling asking again after a failure, the failed model drawn again from its updated posterior, until success or τ_max',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 3,
    lambdaRole: 'it asks the model of the highest posterior draw less λc, a score λ enters directly',
  },
  {
    id: 'eps-greedy',
    label: 'ε-greedy',
    summary: 'random with probability K/t, else greedy',
    description: 'ε-greedy: a random model with probability ε_t = min(1, K/t), else the highest q̂ − λc of a logistic fit per model; one query per prompt',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 4,
    lambdaRole: 'between its random explorations it asks the model with the highest q̂ − λc, a score λ enters directly',
  },
  {
    id: 'eps-greedy-ts',
    label: 'ε-greedy-till-Succeed',
    summary: 'ε-greedy, again after each failure',
    description: 'ε-greedy asking again after a failure (a new coin, the updated fit), until success or τ_max',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 5,
    lambdaRole: 'between its random explorations it asks the model with the highest q̂ − λc, a score λ enters directly',
  },
  {
    id: 'pilot',
    label: 'PILOT-style LinUCB',
    summary: 'LinUCB on prompt directions under a knapsack budget policy',
    description:
      "Budget-aware LinUCB in the manner of PILOT (Panda et al. 2025, from its abstract): LinUCB on the prompt's direction, asking the highest-UCB model whose UCB per cost reaches an online-knapsack threshold (budget 1/λ per prompt); one query per prompt, no preference prior",
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 7,
    lambdaRole: 'its budget accrues 1/λ per prompt, so a larger λ is a tighter budget and a higher UCB-per-cost threshold',
  },
  {
    id: 'pilot-ts',
    label: 'PILOT-style LinUCB-till-Succeed',
    summary: 'PILOT-style LinUCB, again after each failure',
    description: 'The PILOT-style learner asking again after a failure, under the same budget policy, until success, no admissible model, or τ_max',
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 8,
    lambdaRole: 'its budget accrues 1/λ per prompt, so a larger λ is a tighter budget and a higher UCB-per-cost threshold',
  },
  {
    id: 'cascade',
    label: 'Cost cascade',
    summary: 'cheapest first, stop when q̂ < λc',
    description:
      "A FrugalGPT-style cascade (Chen et al. 2023): models from the cheapest to the dearest, each once, until one succeeds; it stops when the next model's learned q̂ is below λc",
    family: 'literature',
    rule: 'own',
    knowsQ: false,
    officialCode: false,
    shade: 6,
    lambdaRole: "it climbs from the cheapest model and stops where the next model's q̂ is below λc, so λ decides how far it climbs",
  },
  {
    id: 'random',
    label: 'Random',
    summary: 'one random model per prompt',
    description: 'One uniformly random model per prompt',
    family: 'baseline',
    rule: 'none',
    knowsQ: false,
    officialCode: false,
    shade: 0,
  },
  {
    id: 'greedy',
    label: 'Greedy',
    summary: 'one query, best average success less λc',
    description: 'One query to the model with the highest average success rate less λ·c (context-free running means)',
    family: 'baseline',
    rule: 'margin',
    knowsQ: false,
    officialCode: false,
    shade: 2,
  },
  {
    id: 'random-ts',
    label: 'Random-till-Succeed',
    summary: 'random models till success',
    description: 'Random models until one succeeds or the budget is spent',
    family: 'baseline',
    rule: 'none',
    knowsQ: false,
    officialCode: false,
    shade: 1,
  },
  {
    id: 'greedy-ts',
    label: 'Greedy-till-Succeed',
    summary: 'Greedy, re-ranked after each failure',
    description: 'Greedy, ranking again (with the updated means) after each failure until success or budget',
    family: 'baseline',
    rule: 'margin',
    knowsQ: false,
    officialCode: false,
    shade: 3,
  },
  {
    id: 'lowest-cost',
    label: 'Lowest-cost',
    summary: 'one query to the cheapest model',
    description: 'One query to the cheapest model',
    family: 'baseline',
    rule: 'none',
    knowsQ: false,
    officialCode: false,
    shade: 4,
  },
  {
    id: 'highest-cost',
    label: 'Highest-cost',
    summary: 'one query to the dearest model',
    description: 'One query to the most expensive model',
    family: 'baseline',
    rule: 'none',
    knowsQ: false,
    officialCode: false,
    shade: 5,
  },
  {
    id: 'oracle',
    label: 'Oracle (DP)',
    summary: 'knows q: the finite-budget optimum',
    description: 'Knows q: the exact finite-budget optimum by dynamic programming',
    family: 'oracle',
    rule: 'budget',
    knowsQ: true,
    officialCode: false,
    shade: 0,
  },
  {
    id: 'oracle-prop1',
    label: 'Oracle (Prop. 1)',
    summary: 'knows q: Proposition 1, truncated',
    description: 'Knows q: Proposition 1 (argmin c/q until success), truncated at τ_max',
    family: 'oracle',
    rule: 'ratio',
    knowsQ: true,
    officialCode: false,
    shade: 1,
  },
] as const satisfies readonly AlgorithmSpec[];

export type AlgorithmId = (typeof ALGORITHMS)[number]['id'];

/** Every id, in the registry's order. */
export const ALGORITHM_IDS: readonly AlgorithmId[] = ALGORITHMS.map((a) => a.id);

const byId = new Map<string, AlgorithmSpec>(ALGORITHMS.map((a) => [a.id, a]));

export function isAlgorithmId(id: string): id is AlgorithmId {
  return byId.has(id);
}

/** The spec of `id`, or undefined for an id the registry does not know. */
export function algorithmSpec(id: string): AlgorithmSpec | undefined {
  return byId.get(id);
}
