/**
 * The prompt playground: type a prompt (or pick a recorded one, or draw one from the world) and see what the
 * learner thinks of it — per model q̂, the UCB bonus, c/q̂, the stop rule, its plan and expected cost, the
 * oracle's plan where the truth is known, and the nearest recorded prompts. ✓/✗ on a model's answer teaches
 * the learner and redraws everything. Prompt text is always rendered as text, never as HTML.
 */
import { useId, useState } from 'react';
import { fmt, fmtPct } from '../../engine/lab/format';
import { PLAYGROUND_ALGOS, type PlaygroundAlgo } from '../../engine/playground/algos';
import type { PlaygroundView, PromptPlan } from '../../engine/playground/session';
import { algoLabel, STATIC_CATALOG } from '../../state/catalog';
import { useParams } from '../../state/params';
import { PLAYGROUND_WARMUP, playgroundIntents, playgroundKey, usePlayground } from '../../state/playgroundStore';
import { isDatasetWorldName } from '../../state/urlCodec';
import { modelColor } from '../palette';
import { explainDecision } from '../views/explain';
import { LiveAnswers } from './LiveAnswers';
import { VerdictButtons } from './VerdictButtons';
import './playground.css';

function ModelName({ arms, arm }: { arms: readonly string[]; arm: number }) {
  if (arm < 0) return <span className="pg-stop">stop</span>;
  return (
    <span className="pg-model">
      <span className="pg-swatch" style={{ background: modelColor(arm) }} aria-hidden="true" />
      {arms[arm]}
    </span>
  );
}

function Plan({ label, plan, arms, unit, testId }: { label: string; plan: PromptPlan; arms: readonly string[]; unit: string; testId: string }) {
  return (
    <div className="pg-plan" data-testid={testId}>
      <span className="pg-plan-label">{label}</span>
      <ol className="pg-plan-steps">
        {plan.order.map((arm, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a step of the plan is its position (a model can come twice)
            key={i}
          >
            <ModelName arms={arms} arm={arm} />
          </li>
        ))}
      </ol>
      <span className="pg-plan-numbers">
        expected cost {fmt(plan.expectedCost)} {unit} · success {fmtPct(plan.expectedSuccess)}
      </span>
    </div>
  );
}

/** "✗ on gpt-4o: q̂ 0.93 → 0.41, bonus 2.1 → 1.4", and the plan before → after (the last feedback's effect). */
function LastChange({ arms, view }: { arms: readonly string[]; view: PlaygroundView }) {
  const change = usePlayground((s) => s.lastChange);
  if (!change) return null;
  const { arm, reward, before } = change;
  const was = before.arms[arm];
  const now = view.arms[arm];
  const planText = (p: PromptPlan) => p.order.map((a) => (a < 0 ? 'stop' : arms[a])).join(' → ');
  const planMoved = planText(before.plan) !== planText(view.plan);
  return (
    <div className="pg-change" data-testid="pg-change" role="status">
      <p>
        <strong>
          {reward ? '✓' : '✗'} on {arms[arm]}
        </strong>
        : q̂{' '}
        <span data-testid="pg-change-qhat" data-before={was.qHat} data-after={now.qHat}>
          {fmt(was.qHat)} → {fmt(now.qHat)}
        </span>
        , bonus{' '}
        <span data-testid="pg-change-bonus" data-before={was.bonus} data-after={now.bonus}>
          {fmt(was.bonus)} → {fmt(now.bonus)}
        </span>
        , c/q̂ {fmt(was.costOverQ)} → {fmt(now.costOverQ)}.
      </p>
      <p data-testid="pg-change-plan" data-moved={planMoved}>
        Plan: {planText(before.plan)}
        {planMoved ? ` → now ${planText(view.plan)}` : ' (unchanged)'}; next {before.next < 0 ? 'stop' : arms[before.next]}
        {before.next === view.next ? ' (unchanged)' : ` → ${view.next < 0 ? 'stop' : arms[view.next]}`}.
      </p>
    </div>
  );
}

function Answer() {
  const answer = usePlayground((s) => s.answer);
  const info = usePlayground((s) => s.info);
  const busy = usePlayground((s) => s.status === 'asking' || s.status === 'starting');
  const params = useParams((s) => s.params);
  // The answer is the learner's for the parameters it was built with; after a change (another world, λ, τ_max, …)
  // its table, plans and footnote would no longer be of the page's run.
  const current = usePlayground((s) => s.key === playgroundKey(params, s.algo, s.warmup));
  if (!answer || !info) return null;
  if (!current) {
    return (
      <p className="muted" data-testid="pg-stale">
        The lab's parameters changed since this prompt was asked: ask again, and the learner is built anew for them.
      </p>
    );
  }
  const { view, prompt, neighbours, feedback } = answer;
  const arms = info.arms;
  const truthKnown = view.oracle !== null;
  return (
    <div className="pg-answer" data-testid="pg-answer" data-feedback={feedback.length}>
      <div className="pg-prompt">
        {prompt.kind === 'sample' ? (
          <p>A prompt drawn from the world{prompt.category ? ` (category ${prompt.category})` : ''}.</p>
        ) : (
          <>
            <p className="pg-prompt-meta">
              {prompt.kind === 'row' ? `Recorded prompt ${prompt.id} · task ${prompt.task}` : `Your prompt${prompt.task ? ` · task ${prompt.task}` : ''}`}
            </p>
            <pre className="pg-prompt-text" data-testid="pg-prompt-text">
              {prompt.text}
            </pre>
          </>
        )}
      </div>
      {prompt.kind === 'typed' && !prompt.task && params.features === 'task-onehot' && isDatasetWorldName(params.world) && (
        // With task one-hot features a prompt is known by its task alone: without one its context is the zero vector,
        // where the logistic fit gives σ(0) and the bonus ‖x‖ is 0 (the numbers below are the learner's own).
        <p className="warn-text" data-testid="pg-empty-context">
          No task chosen: with task one-hot features this prompt's context is empty (all zeros), so the learner knows nothing of it: q̂ is{' '}
          {fmt(view.arms[0]?.qHat)} and the bonus {fmt(view.arms[0]?.bonus)} for every model. Choose its task above.
        </p>
      )}
      {/* Worded as the trace's decisions are (ui/views/explain.ts), from the decision the engine recorded: a budget
          plan's choice is not called "the lowest c/q̂", nor its stop "no model is worth its cost". */}
      <p className="pg-next" data-testid="pg-next">
        {view.next >= 0 && (
          <>
            Next: <ModelName arms={arms} arm={view.next} />.{' '}
          </>
        )}
        {explainDecision(view.decision, arms)}
      </p>
      <LiveAnswers arms={arms} next={view.next} />
      <div className="pg-table-wrap">
        <table className="pg-table" data-testid="pg-table">
          <caption className="sr-only">Per model: the learner's estimates for this prompt</caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">cost ({info.costUnit})</th>
              <th scope="col">q̂</th>
              <th scope="col">bonus</th>
              <th scope="col">c/q̂</th>
              {truthKnown && <th scope="col">true q</th>}
              <th scope="col">seen</th>
              <th scope="col">Its answer was…</th>
            </tr>
          </thead>
          <tbody>
            {view.arms.map((a, i) => (
              <tr key={arms[i]} data-testid={`pg-arm-${i}`} data-qhat={a.qHat} className={i === view.next ? 'pg-chosen' : undefined}>
                <th scope="row">
                  <ModelName arms={arms} arm={i} />
                </th>
                <td>{fmt(a.cost)}</td>
                <td>{fmt(a.qHat)}</td>
                <td>{fmt(a.bonus)}</td>
                <td>{fmt(a.costOverQ)}</td>
                {truthKnown && <td>{fmt(a.q)}</td>}
                <td>{a.observations}</td>
                <td className="pg-verdict">
                  <VerdictButtons
                    disabled={busy || !a.available}
                    label={(reward) => `${arms[i]} answered ${reward ? 'correctly' : 'wrongly'}`}
                    onVerdict={(reward) => void playgroundIntents.feedback(i, reward)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Plan label={`${algoLabel(STATIC_CATALOG, usePlayground.getState().algo)}'s plan`} plan={view.plan} arms={arms} unit={info.costUnit} testId="pg-plan" />
      {view.oracle ? (
        <Plan label="Oracle (true q, finite budget)" plan={view.oracle} arms={arms} unit={info.costUnit} testId="pg-oracle" />
      ) : (
        <p className="muted pg-note">The oracle needs the true success rates, which a typed prompt does not have.</p>
      )}
      <p className="muted pg-note" data-testid="pg-footnote">
        Plans hold the current estimates fixed; after each ✗ the learner updates that model and re-plans (Algorithm 1).{' '}
        {/* Only where it applies (issue 15, item 5): a drawn or recorded prompt has its own costs. */}
        {prompt.kind === 'typed' && "Costs of a typed prompt are the models' mean costs over the dataset. "}λ = {params.lambda}, τ_max = {params.tauMax}.
      </p>
      <LastChange arms={arms} view={view} />
      {feedback.length > 0 && (
        <p className="pg-log" data-testid="pg-log">
          Your answers:{' '}
          {feedback.map((f, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the answers only ever grow at the end: the n-th answer stays the n-th
              key={i}
              className="pg-log-item"
            >
              {arms[f.arm]} {f.reward ? '✓' : '✗'}
            </span>
          ))}
        </p>
      )}
      {neighbours.length > 0 && (
        <div className="pg-neighbours">
          <h3>Nearest recorded prompts</h3>
          <ol data-testid="pg-neighbours">
            {neighbours.map((n) => (
              <li key={n.row}>
                <button type="button" className="btn link pg-neighbour" onClick={() => void playgroundIntents.askRow(params, n.row)}>
                  <span className="pg-sim">{n.similarity.toFixed(3)}</span>
                  <span className="pg-neighbour-text">{n.text.length > 160 ? `${n.text.slice(0, 157)}…` : n.text}</span>
                  <span className="muted"> · {n.task}</span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

export function PlaygroundPanel() {
  const params = useParams((s) => s.params);
  const status = usePlayground((s) => s.status);
  const error = usePlayground((s) => s.error);
  const info = usePlayground((s) => s.info);
  const algo = usePlayground((s) => s.algo);
  const warmup = usePlayground((s) => s.warmup);
  const [text, setText] = useState('');
  const [task, setTask] = useState('');
  const ids = { text: useId(), task: useId(), algo: useId() };
  const dataset = isDatasetWorldName(params.world);
  const busy = status === 'asking' || status === 'starting';
  const tasks = info?.tasks ?? [];
  const needsTask = dataset && params.features === 'task-onehot';

  return (
    <div className="playground" data-testid="playground" data-status={status}>
      <p className="muted" data-testid="pg-intro">
        {warmup > 0 ? `A learner warmed up on ${warmup} prompts of this world` : 'A fresh learner that has seen nothing yet'} with the current λ, τ_max, τ_exp,
        α and seed.
        {dataset ? ' Type a prompt to see how it would route it, or pick a recorded one.' : ' This world has no prompt texts: draw a prompt from it.'}
      </p>
      <div className="pg-controls">
        <label htmlFor={ids.algo}>Learner</label>
        <select id={ids.algo} value={algo} onChange={(e) => playgroundIntents.setAlgo(e.target.value as PlaygroundAlgo)}>
          {PLAYGROUND_ALGOS.map((id) => (
            <option key={id} value={id}>
              {algoLabel(STATIC_CATALOG, id)}
            </option>
          ))}
        </select>
        <label className="pg-fresh">
          <input type="checkbox" checked={warmup === 0} data-testid="pg-fresh" onChange={(e) => playgroundIntents.setFresh(e.target.checked)} />
          Fresh learner (no warm-up on {PLAYGROUND_WARMUP} prompts): every ✓/✗ moves it visibly
        </label>
      </div>
      {dataset && (
        <form
          className="pg-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() !== '') void playgroundIntents.askTyped(params, text, needsTask ? task || null : null);
          }}
        >
          <label htmlFor={ids.text}>Prompt</label>
          <textarea
            id={ids.text}
            data-testid="pg-text"
            rows={3}
            value={text}
            placeholder="e.g. Write a function that returns the n-th Fibonacci number."
            onChange={(e) => setText(e.target.value)}
          />
          {needsTask && (
            <>
              <label htmlFor={ids.task}>Task (task one-hot features know prompts by their task)</label>
              <select id={ids.task} value={task} onChange={(e) => setTask(e.target.value)}>
                <option value="">(none)</option>
                {tasks.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </>
          )}
          <div className="pg-buttons">
            <button type="submit" className="btn primary" disabled={busy || text.trim() === ''} data-testid="pg-ask">
              Ask the learner
            </button>
            <button type="button" className="btn secondary" disabled={busy} data-testid="pg-recorded" onClick={() => void playgroundIntents.askSample(params)}>
              A recorded prompt
            </button>
          </div>
        </form>
      )}
      {!dataset && (
        <button type="button" className="btn primary" disabled={busy} data-testid="pg-sample" onClick={() => void playgroundIntents.askSample(params)}>
          Draw a prompt
        </button>
      )}
      {status === 'starting' && (
        <p className="muted" role="status">
          {warmup > 0 ? 'Warming up the learner…' : 'Starting the learner…'}
        </p>
      )}
      {error && (
        <p className="pg-error" role="alert" data-testid="pg-error">
          {error}
        </p>
      )}
      <Answer />
    </div>
  );
}
