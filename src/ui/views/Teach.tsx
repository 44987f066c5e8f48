import { memo } from 'react';
import { fmtShort } from '../../engine/lab/format';
import { Formula } from './Formula';
import './views.css';

/** Plain-text versions of the slider help (for title attributes, aria-descriptions, tests). */
export const HELP_TEXT = {
  lambda:
    'Cost weight λ: utility = success − λ·Σcost. A model is worth a query only if its success chance beats λ times its price. PromptWise’s order of models, lowest c/q̂ first, does not depend on λ (Proposition 1): λ decides when it stops.',
  tauMax:
    'Round budget τ_max: at most this many queries per prompt. With 1 there is no escalation; a larger budget lets a cheap model go first and a dearer one follow a failure.',
} as const;

export type HelpTopic = keyof typeof HELP_TEXT;

/**
 * One or two sentences with a formula, to sit next to a slider: `<HelpText topic="lambda" value={0.01} />`.
 * With `value` the sentence uses the slider's current value.
 */
export function HelpText({ topic, value, id }: { topic: HelpTopic; value?: number; id?: string }) {
  if (topic === 'lambda') {
    const v = value !== undefined && Number.isFinite(value) ? value : undefined;
    return (
      <p className="pw-help" id={id} data-help="lambda">
        <Formula tex={String.raw`u = \mathbb{1}\{\text{success}\} - \lambda\textstyle\sum c`} /> — a model is worth a query only if{' '}
        <Formula tex={String.raw`q_a > \lambda c_a`} />
        {v !== undefined && v > 0 ? (
          <>
            {' '}
            (at λ = {fmtShort(v)}, a query costing {fmtShort(1 / v)} needs a certain success to break even)
          </>
        ) : v === 0 ? (
          <> (at λ = 0 cost is ignored)</>
        ) : null}
        . PromptWise’s order of models (lowest <Formula tex={String.raw`c/\hat q`} /> first) does not depend on λ: λ decides when it stops.
      </p>
    );
  }
  const n = value !== undefined && Number.isFinite(value) ? Math.round(value) : undefined;
  return (
    <p className="pw-help" id={id} data-help="tauMax">
      At most <Formula tex={String.raw`\tau_{\text{max}}`} />
      {n !== undefined ? ` = ${n}` : ''} queries per prompt.{' '}
      {n === 1
        ? 'With one query there is no escalation: each prompt gets a single model.'
        : 'A bigger budget lets a cheap model go first and a dearer one follow a failure.'}
    </p>
  );
}

/** Shorthands for the controls. */
export function LambdaHelp(props: { value?: number; id?: string }) {
  return <HelpText topic="lambda" {...props} />;
}
export function TauMaxHelp(props: { value?: number; id?: string }) {
  return <HelpText topic="tauMax" {...props} />;
}

/**
 * The ideas behind the lab in four short cards: utility, the oracle rule (Proposition 1), PromptWise's
 * optimistic estimate, and what λ and τ_max do. Formulas typeset by KaTeX.
 */
export const Teach = memo(function Teach({ compact = false }: { compact?: boolean }) {
  return (
    <div className={compact ? 'pw-teach pw-teach-compact' : 'pw-teach'} data-testid="teach">
      <article className="pw-teach-card">
        <h3>Utility of a prompt</h3>
        <Formula display tex={String.raw`u_t = \mathbb{1}\{\text{success}\} - \lambda \sum_{k} c_{a_k}`} />
        <p>
          Models are queried one after another until one succeeds, the learner stops, or <Formula tex={String.raw`\tau_{\text{max}}`} /> queries are spent.
          Every query is paid for, success or not.
        </p>
      </article>
      <article className="pw-teach-card">
        <h3>The oracle rule (Prop. 1)</h3>
        <Formula
          display
          tex={String.raw`a^\star = \begin{cases} \text{stop} & \text{if } \max_a\, q_a - \lambda c_a \le 0 \\ \arg\min_a\, c_a / q_a & \text{otherwise} \end{cases}`}
        />
        <p>
          Knowing the true success rates <Formula tex="q_a" />, query the model with the lowest price per expected success until it works. With a finite budget
          the exact optimum is a short dynamic programme that may switch to a dearer, surer model in the last rounds.
        </p>
      </article>
      <article className="pw-teach-card">
        <h3>PromptWise’s optimistic estimate</h3>
        <Formula display tex={String.raw`\hat q_a(x) = \sigma\!\left(x^\top \hat\theta_a + \alpha\,\lVert x \rVert_{V_a^{-1}}\right)`} />
        <p>
          Not knowing <Formula tex="q_a" />, it fits a logistic model per model and adds a bonus that is large for prompts unlike those already seen, then
          applies the oracle rule to <Formula tex={String.raw`\hat q_a`} />. The bonus shrinks only for the models it asks: after an early failure, a model
          whose optimistic <Formula tex={String.raw`c/\hat q`} /> no longer beats a rival's is not asked again on such prompts, and its{' '}
          <Formula tex={String.raw`\hat q`} /> and bonus stay where they were, even when its true success rate is high.
        </p>
      </article>
      <article className="pw-teach-card">
        <h3>
          What <Formula tex={String.raw`\lambda`} /> and <Formula tex={String.raw`\tau_{\text{max}}`} /> do
        </h3>
        <Formula display tex={String.raw`\text{query } a \text{ only if } q_a > \lambda\, c_a, \qquad \text{at most } \tau_{\text{max}} \text{ queries}`} />
        <p>
          <Formula tex={String.raw`\lambda`} /> prices cost in units of success. It does not change the order of Proposition 1 (lowest <Formula tex="c/q" />{' '}
          first): it decides when to stop, and, with a finite budget, whether a surer and dearer model is worth its price in the last rounds.{' '}
          <Formula tex={String.raw`\tau_{\text{max}}`} /> caps the queries per prompt: with one there is no escalation; the λ sweep shows where each learner's
          cost moves.
        </p>
      </article>
    </div>
  );
});
