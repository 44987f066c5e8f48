/** The sweep cards' status lines, rendered to static HTML from lab states set in the page's store. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { labStore } from '../../state/labStore';
import { SweepsSection } from './SweepsSection';

const initial = labStore.getState();
afterEach(() => labStore.setState(initial, true));
// Rendered on the server, a zustand hook reads its store's initial state (its server snapshot): point that at
// the state each test sets.
labStore.getInitialState = labStore.getState;

function withSweeps(patch: (s: typeof initial.sweeps) => typeof initial.sweeps): string {
  labStore.setState({ status: 'done', sweeps: patch(labStore.getState().sweeps) });
  return renderToStaticMarkup(createElement(SweepsSection));
}

describe('SweepsSection', () => {
  it("shows each failed sweep's error under its own card, once", () => {
    const html = withSweeps((s) => ({ ...s, lambda: { ...s.lambda, status: 'error', error: 'the worker crashed' } }));
    expect(html.match(/data-testid="sweep-error-[a-zA-Z]+"/g)).toEqual(['data-testid="sweep-error-lambda"']);
    expect(html).toContain('The λ sweep failed: the worker crashed');
    expect(html).not.toContain('τ_max sweep failed');
    // Held, not retried by itself: its own button asks for it again.
    expect(html).toMatch(/data-testid="sweep-error-lambda">[\s\S]*?data-testid="sweep-run-lambda"[^>]*>Try again</);
    expect(html).not.toContain('sweep-run-tauMax');
  });

  it('a running sweep shows its progress and Cancel, a stopped one its button', () => {
    const html = withSweeps((s) => ({
      tauMax: { ...s.tauMax, status: 'running', progress: { done: 1234, total: 10000 } },
      lambda: { ...s.lambda, status: 'idle', wanted: true },
    }));
    expect(html).toContain('data-testid="sweep-cancel-tauMax"');
    expect(html).toContain('Computing the τ_max sweep… 12% (1,234 of 10,000 prompt-steps)');
    expect(html).toContain('data-testid="sweep-run-lambda"');
  });
});
