import { PROMPTS_PER_SECOND } from '../../state/lab/playback';

/** One-line help for each control (what it does in the paper's terms). */
export const HELP = {
  world: 'The scenario: which models (arms) there are, what each costs, and how often each succeeds on each kind of prompt.',
  algos: 'Which routing strategies to simulate side by side on the same prompts and the same random draws.',
  speed: `Playback speed of the replay (1× plays ${PROMPTS_PER_SECOND} prompts a second).`,
  trace: 'Whose escalation trace to replay (trial 1 of the run).',
} as const;
