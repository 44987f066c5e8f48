/**
 * The numbers of a live run beside the bandit's (those are engine/params.ts's), declared once as that registry's
 * are: bounds, the message for a bad value, the default, the CLI flag and, for those the Live panel sets, its
 * label and default there. The CLI's flags (cli/live.ts), the panel's fields (ui/live/LivePanel.tsx), the store's
 * check of a run's settings (state/liveStore.ts) and the session's defaults (session.ts) are derived from it.
 */
import type { NumberParam } from '../params';
import { ASK_DEFAULTS } from './client';

/** An entry the Live panel sets: its field's label and the panel's default. */
const panel = (min: number, max: number, label: string, help: string, lab: number) => ({ lab: { min, max, label, help, default: lab } });

export const LIVE_NUMBERS = {
  spendCap: {
    key: 'spendCap',
    cli: 'spend-cap',
    integer: false,
    min: 0,
    max: Number.POSITIVE_INFINITY,
    expect: 'a number ≥ 0 (US dollars)',
    // None on the command line: a live run pays real money, and the CLI asks for the most it may spend.
    default: null,
    help: 'stop before the spend could pass this',
    ...panel(0, Number.POSITIVE_INFINITY, 'Spend cap ($)', 'The run stops before a query could take the spend past it.', 0.1),
  },
  limit: {
    key: 'limit',
    cli: 'limit',
    integer: true,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    expect: 'a positive integer',
    default: null, // every prompt of the file
    help: 'the first N prompts only',
    ...panel(1, Number.MAX_SAFE_INTEGER, 'First', 'How many of the dataset’s prompts, from its first.', 50),
  },
  concurrency: {
    key: 'concurrency',
    cli: 'concurrency',
    integer: true,
    min: 1,
    max: 64,
    expect: 'an integer from 1 to 64',
    default: 2,
    help: 'requests in flight per endpoint',
    ...panel(1, 64, 'Requests at once', 'Requests in flight per endpoint.', 2),
  },
  timeout: {
    key: 'timeout',
    cli: 'timeout',
    integer: false,
    min: 0.001,
    max: 3600,
    expect: 'a number of seconds from 0.001 to 3,600',
    default: ASK_DEFAULTS.timeoutMs / 1000,
    help: 'seconds per request',
    ...panel(0.001, 3600, 'Timeout (s)', 'Seconds a request may take before it is given up (and retried).', ASK_DEFAULTS.timeoutMs / 1000),
  },
  retries: {
    key: 'retries',
    cli: 'retries',
    integer: true,
    min: 0,
    max: 10,
    expect: 'an integer from 0 to 10',
    default: ASK_DEFAULTS.retries,
    help: 'retries on 429, 5xx, timeouts',
  },
  maxTokens: {
    key: 'maxTokens',
    cli: 'max-tokens',
    integer: true,
    min: 1,
    max: 100_000,
    expect: 'an integer from 1 to 100,000',
    default: ASK_DEFAULTS.maxTokens,
    help: 'max_tokens of each request',
  },
} as const satisfies Record<string, NumberParam>;
