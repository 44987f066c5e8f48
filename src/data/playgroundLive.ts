/**
 * The playground's live answers in IndexedDB (idb-keyval, database `promptwise-playground-live`), one per query by
 * its recordKey: stored as the answer arrives (it is paid for), its grade added when the person gives one. A
 * question asked again, after a reload too, is answered from here instead of asking the model again. Never a key.
 */
import { entries, get, set } from 'idb-keyval';
import type { HumanGradedRecord } from '../engine/live/humanGraded';
import { recordKey } from '../engine/live/loop';
import { repairingStore } from './idbStore';

const store = repairingStore('promptwise-playground-live', 'answers');

const keyOf = (r: Pick<HumanGradedRecord, 'promptId' | 'model' | 'k'>) => recordKey(r.promptId, r.model, r.k);

export const storedAnswer = (promptId: string, model: string, k: number): Promise<HumanGradedRecord | undefined> =>
  get<HumanGradedRecord>(keyOf({ promptId, model, k }), store);

export const storeAnswer = (r: HumanGradedRecord): Promise<void> => set(keyOf(r), r, store);

/** Every stored answer, oldest first (the playground's spend, and its download). */
export async function allAnswers(): Promise<HumanGradedRecord[]> {
  return (await entries<string, HumanGradedRecord>(store)).map(([, r]) => r).sort((a, b) => a.time.localeCompare(b.time));
}
