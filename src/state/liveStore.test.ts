import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_NUMBERS } from '../engine/live/params';
import { PANEL_NUMBERS, startLive, useLive } from './liveStore';

const initial = useLive.getState();
afterEach(() => useLive.setState(initial, true));

describe("the Live panel's numbers: the live run's registry (engine/live/params.ts)", () => {
  it('start at the registry’s panel defaults', () => {
    for (const [field, p] of PANEL_NUMBERS) expect(initial[field]).toBe(p.lab.default);
    expect(initial.timeoutS).toBe(LIVE_NUMBERS.timeout.default); // the client's own default, 60 s
  });

  it.each([
    ['timeoutS', 0, 'Timeout (s): must be a number of seconds from 0.001 to 3,600 (got 0)'],
    ['concurrency', 65, 'Requests at once: must be an integer from 1 to 64 (got 65)'],
    ['limit', 1.5, 'First: must be a positive integer (got 1.5)'],
    ['spendCap', -1, 'Spend cap ($): must be a number ≥ 0 (US dollars) (got -1)'],
  ] as const)('a stored %s of %s is refused before anything is sent, in its entry’s words', async (field, value, message) => {
    useLive.setState({ models: [{ name: 'm', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', inputPrice: 1, outputPrice: 1 }], [field]: value });
    await startLive();
    expect(useLive.getState()).toMatchObject({ status: 'error', error: message, asked: 0 });
  });
});
