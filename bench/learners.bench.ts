/**
 * `npm run bench`, the learners of the online-routing literature (issue 45): each one's time per trial beside
 * PromptWise's, measured alternately in this process (sideBySide), on a built-in world and at d = 64, so that the
 * ratio holds whatever the machine's speed or load. No target: the table says what each costs to run.
 */
import { loadavg } from 'node:os';
import { ALGORITHMS } from '../src/engine/policies/algorithms';
import { runSimulation } from '../src/engine/simulate';
import type { World } from '../src/engine/types';
import { builtinWorld } from '../src/engine/worlds/builtins';
import { recordForDocs } from './docTables';
import { sideBySide } from './sideBySide';

recordForDocs('learners');

const load = () => loadavg()[0].toFixed(2);
const LITERATURE = ALGORITHMS.filter((a) => a.family === 'literature').map((a) => a.id);
const REPEATS = 5;
/** Trials per measurement: a t2i trial takes milliseconds, too short to time alone. */
const TRIALS = 5;

/** Seconds per trial of `algo` over TRIALS trials of T prompts, as `npm run sim` plays them (the engine's own clock). */
function trial(world: World, algo: string, T: number): { seconds: number } {
  return { seconds: runSimulation(world, { algos: [algo], T, trials: TRIALS, seed: 0, params: {} }).results[algo].seconds / TRIALS };
}

const worlds = [
  ['t2i (K = 5)', builtinWorld('t2i')],
  ['logistic (K = 5, d = 64)', builtinWorld('logistic', { d: 64 })],
] as const;
const T = 1000;
const cells = new Map<string, string[]>(LITERATURE.map((id) => [id, []]));
for (const [, world] of worlds) {
  for (const id of ['promptwise', ...LITERATURE]) trial(world, id, T); // warm-up: compiled code, grown WebAssembly memory
  for (const id of LITERATURE) {
    const r = sideBySide(
      REPEATS,
      () => trial(world, id, T),
      () => trial(world, 'promptwise', T),
    );
    cells.get(id)?.push(`${r.a.toFixed(3)} / ${r.b.toFixed(3)}`, `${(r.a / r.b).toFixed(2)}×`);
  }
}
const header = worlds.flatMap(([label]) => [`${label}: it / PromptWise (s per trial, T = ${T})`, 'ratio']);
console.log(
  [
    `| learner | ${header.join(' | ')} | load |`,
    `| --- |${' ---: |'.repeat(header.length)} ---: |`,
    ...LITERATURE.map((id) => `| \`${id}\` | ${cells.get(id)?.join(' | ')} | ${load()} |`),
  ].join('\n'),
);
console.log('');
console.log(
  `Medians of ${REPEATS} alternated repeats of ${TRIALS} trials each, after a warm-up; "load" is the 1-minute load average when the row was printed.`,
);
