import { describe, expect, it } from 'vitest';
import { isAbortError, messageOf } from './messageOf';

describe('what was thrown', () => {
  it('says its message in one line', () => {
    expect(messageOf(new Error('no model answered'))).toBe('no model answered');
    expect(messageOf('a thrown string')).toBe('a thrown string');
  });

  it('knows a cancellation in each form it arrives in, and nothing else', () => {
    const signal = AbortSignal.abort();
    expect(isAbortError(signal.reason)).toBe(true); // an AbortSignal's reason
    expect(isAbortError(new DOMException('The simulation was cancelled.', 'AbortError'))).toBe(true);
    // A cancellation inside a worker crosses comlink as a plain Error that keeps its name.
    expect(isAbortError(Object.assign(new Error('cancelled'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError(new DOMException('too slow', 'TimeoutError'))).toBe(false);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
    expect(isAbortError({ name: 'AbortError' })).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});
