import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_NUMBERS } from '../engine/live/params';
import { liveSettingsFrom, PANEL_NUMBERS, useLive } from './liveStore';

const initial = useLive.getState();
afterEach(() => useLive.setState(initial, true));

describe("the Live panel's numbers: the live run's registry (engine/live/params.ts)", () => {
  it('start at the registry’s panel defaults', () => {
    for (const [field, p] of PANEL_NUMBERS) expect(initial[field]).toBe(p.lab.default);
    expect(initial.timeoutS).toBe(LIVE_NUMBERS.timeout.default); // the client's own default, 60 s
  });

  it.each([
    ['timeoutS', 0, 'Timeout (s): must be a number of seconds from 0.001 to 3,600 (got 0); using 60'],
    ['concurrency', 65, 'Requests at once: must be an integer from 1 to 64 (got 65); using 2'],
    ['limit', 1.5, 'First: must be a positive integer (got 1.5); using 50'],
    ['spendCap', -1, `Spend cap ($): must be a number ≥ 0 (US dollars) (got -1); using ${LIVE_NUMBERS.spendCap.lab.default}`],
    ['limit', '5', 'First: must be a positive integer (got "5"); using 50'],
  ] as const)('a stored %s of %j is read back as its default, said in its entry’s words', (field, value, message) => {
    const { settings, notices } = liveSettingsFrom({ ...saved(), [field]: value });
    expect(settings).toEqual(omit(saved(), field));
    expect(notices).toEqual([`The saved Live settings: ${message}`]);
  });
});

/** What the store keeps in localStorage, as its `partialize` writes it (the browser spec reads it there), with one model. */
const saved = () => {
  const { dataset, limit, grader, algo, spendCap, concurrency, timeoutS } = initial;
  return { models: [MODEL], dataset, limit, grader, algo, spendCap, concurrency, timeoutS };
};
const omit = <T extends object>(o: T, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const MODEL = { name: 'm', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', inputPrice: 1, outputPrice: 2 };

describe('the Live panel’s stored settings (liveSettingsFrom)', () => {
  it('reads back what the store wrote, and nothing when nothing was stored', () => {
    expect(liveSettingsFrom(JSON.parse(JSON.stringify(saved())))).toEqual({ settings: saved(), notices: [] });
    expect(liveSettingsFrom(undefined)).toEqual({ settings: {}, notices: [] });
    expect(liveSettingsFrom({ dataset: 'data:x' })).toEqual({ settings: { dataset: 'data:x' }, notices: [] });
  });

  it('leaves a field that is not what the panel takes to its default, and says which', () => {
    const { settings, notices } = liveSettingsFrom({ ...saved(), models: 'oops', grader: 7 });
    expect(settings).toEqual(omit(omit(saved(), 'models'), 'grader'));
    expect(notices).toEqual([
      'The saved Live settings: the models could not be read; using the default',
      'The saved Live settings: the grader could not be read; using the default',
    ]);
    expect(liveSettingsFrom({ models: [{ ...MODEL, inputPrice: '1' }] }).notices).toEqual([
      'The saved Live settings: the models could not be read; using the default',
    ]);
  });
});
