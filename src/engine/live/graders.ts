/**
 * Graders of a live run (issue 44, item 3): pure functions from a model's answer and the prompt's expected answer
 * to a reward, 1 (success) or 0. Chosen per run and recorded with it (`graderSpec` is its one spelling:
 * `choice`, `exact`, `regex:<pattern>`, `number:<tolerance>`).
 */

export type GraderSpec =
  /** A multiple-choice letter, MMLU-Pro style: the answer's last stated letter (`answer is (C)`, `Answer: C`) equals the expected one. */
  | { kind: 'choice' }
  /** The answer, normalised (case, punctuation, articles, spaces), equals the expected answer normalised. */
  | { kind: 'exact' }
  /** The answer matches the pattern (the expected answer is not used; `{answer}` in the pattern stands for it, escaped). */
  | { kind: 'regex'; pattern: string }
  /** The answer's last number is within `tolerance` (absolute) of the expected number. */
  | { kind: 'number'; tolerance: number };

export type Grader = (answer: string, expected: string) => 0 | 1;

/** `choice`, `exact`, `regex:<pattern>` or `number:<tolerance>` → its spec; throws a one-line message otherwise. */
export function parseGrader(text: string): GraderSpec {
  const [kind, ...rest] = text.split(':');
  const arg = rest.join(':');
  if ((kind === 'choice' || kind === 'exact') && rest.length === 0) return { kind };
  if (kind === 'regex' && arg !== '') {
    try {
      new RegExp(arg.replaceAll('{answer}', ''), 'iu');
    } catch (e) {
      throw new Error(`grader regex: not a valid pattern (${(e as Error).message})`);
    }
    return { kind, pattern: arg };
  }
  if (kind === 'number') {
    const tolerance = arg === '' ? 0 : Number(arg);
    if (!(Number.isFinite(tolerance) && tolerance >= 0)) throw new Error(`grader number: the tolerance must be a number ≥ 0 (got ${JSON.stringify(arg)})`);
    return { kind, tolerance };
  }
  throw new Error(`grader: must be choice, exact, regex:<pattern> or number:<tolerance> (got ${JSON.stringify(text)})`);
}

/** The spec's one spelling (recorded with the run). */
export function graderText(spec: GraderSpec): string {
  if (spec.kind === 'regex') return `regex:${spec.pattern}`;
  if (spec.kind === 'number') return `number:${spec.tolerance}`;
  return spec.kind;
}

/**
 * The letter an answer settles on: the last "answer is (X)" / "answer: X" when there is one (MMLU-Pro's own
 * extraction, Wang et al. 2024, looks for "answer is (X)" first), else a lone letter making up the whole answer.
 */
export function choiceLetter(answer: string): string | null {
  const stated = [...answer.matchAll(/answer\s*(?:is|:)?\s*:?\s*\(?([A-J])\)?(?![A-Za-z])/gi)];
  if (stated.length > 0) return stated[stated.length - 1][1].toUpperCase();
  const lone = /^\s*\(?([A-J])\)?[.\s]*$/i.exec(answer);
  return lone ? lone[1].toUpperCase() : null;
}

/** Lower case, no punctuation, no articles, single spaces (SQuAD's normalisation, Rajpurkar et al. 2016). */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The last number written in a text (`1,234.5`, `-3e2`), or null. */
export function lastNumber(text: string): number | null {
  const all = [...text.matchAll(/[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?|[-+]?\.\d+/gi)];
  if (all.length === 0) return null;
  const v = Number(all[all.length - 1][0].replaceAll(',', ''));
  return Number.isFinite(v) ? v : null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function graderOf(spec: GraderSpec): Grader {
  switch (spec.kind) {
    case 'choice':
      return (answer, expected) => (choiceLetter(answer) === expected.trim().toUpperCase() ? 1 : 0);
    case 'exact':
      return (answer, expected) => (normalise(answer) === normalise(expected) ? 1 : 0);
    case 'regex':
      return (answer, expected) => (new RegExp(spec.pattern.replaceAll('{answer}', escapeRegExp(expected)), 'iu').test(answer) ? 1 : 0);
    case 'number':
      return (answer, expected) => {
        const got = lastNumber(answer);
        const want = lastNumber(expected);
        return got !== null && want !== null && Math.abs(got - want) <= spec.tolerance ? 1 : 0;
      };
  }
}
