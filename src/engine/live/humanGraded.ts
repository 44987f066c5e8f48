/**
 * The playground's live answers (issue 44, item 3): a prompt typed or picked in the playground goes to the live
 * model the learner chose, and the person grades the answer ✓/✗. That person is the grader (`human`), recorded
 * with each answer. Pure: which of a world's models is a live model, a typed prompt's id, and the answer's record.
 */
import { contentHash } from '../import/id';
import type { QueryRecord } from './loop';
import type { LiveModel } from './models';

/** The grader's name in a record: the person's ✓/✗ in the playground. */
export const HUMAN_GRADER = 'human';

/** An answer asked for in the playground: paid for when it arrives, graded when the person says ✓ or ✗ (null until then). */
export type HumanGradedRecord = Omit<QueryRecord, 'grade'> & { grade: 0 | 1 | null; grader: typeof HUMAN_GRADER; prompt: string };

/**
 * The live model of each of a world's models, matched by name (null: that model has none). A world and a live
 * run name models alike when the world is a dataset the live models answered (an exported recording, imported),
 * or the dataset a replay endpoint serves.
 */
export function liveModelsOf(arms: readonly string[], models: readonly LiveModel[]): (LiveModel | null)[] {
  const byName = new Map(models.map((m) => [m.name, m]));
  return arms.map((name) => byName.get(name) ?? null);
}

/** A typed prompt's id in a record: equal text and task, equal id (so an answer kept in the browser is found again). */
export const typedPromptId = (text: string, task: string | null): string => `typed-${contentHash(`${task ?? ''}\u0000${text}`)}`;
