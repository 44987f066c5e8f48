/** One-line help for each control (what it does in the paper's terms). */
export const HELP = {
  world: 'The scenario: which models (arms) there are, what each costs, and how often each succeeds on each kind of prompt.',
  algos: 'Which routing strategies to simulate side by side on the same prompts and the same random draws.',
  lambda:
    'Cost weight λ in utility = success − λ·Σ cost. PromptWise asks models in order of c/q̂, lowest first, whatever λ is (Proposition 1): λ decides when it stops, once no model’s q̂ beats λ times its price. A budget plan (PromptWise-Budget, the oracle) also weighs a surer, dearer model against λ times its price.',
  tauMax: 'Round budget τ_max: at most this many queries per prompt before giving up.',
  alpha: 'How optimistic the learners are about models they know little of. Auto: α = √(2 ln(2K/δ)) with δ = 0.05.',
  tauExp: 'Each model is queried this many times (forced exploration) before its estimate is trusted.',
  T: 'Prompts per trial: how long the learners get to learn.',
  trials: 'Independent repetitions; numbers are the mean ± std over trials.',
  seed: 'Seed of all random draws: the same seed gives the same numbers, on any machine.',
  speed: 'Playback speed of the replay (1× plays 125 prompts a second).',
  trace: 'Whose escalation trace to replay (trial 1 of the run).',
} as const;
