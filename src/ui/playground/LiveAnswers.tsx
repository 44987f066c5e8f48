/**
 * The playground's live answers (issue 44, item 3): the current prompt sent to the live model the learner
 * chose next (the Live routing panel's model of the same name), its answer shown as text with what it cost, and the
 * person's ✓/✗ as the grader: stored with the answer, and taught to the learner, which then re-plans.
 */
import { useEffect } from 'react';
import { fmtCount, fmtUsd } from '../../engine/lab/format';
import { useLive } from '../../state/liveStore';
import { livePromptOf, playgroundIntents, usePlayground } from '../../state/playgroundStore';
import { VerdictButtons } from './VerdictButtons';

export function LiveAnswers({ arms, next }: { arms: readonly string[]; next: number }) {
  const answer = usePlayground((s) => s.answer);
  const live = usePlayground((s) => s.live);
  const liveStatus = usePlayground((s) => s.liveStatus);
  const liveError = usePlayground((s) => s.liveError);
  const spent = usePlayground((s) => s.liveSpentUsd);
  const busy = usePlayground((s) => s.status !== 'ready') || liveStatus === 'asking';
  const liveNames = useLive((s) => s.models).map((m) => m.name);
  const spendCap = useLive((s) => s.spendCap);
  const prompt = answer && livePromptOf(answer);
  const offered = prompt !== null && liveNames.length > 0;
  useEffect(() => {
    if (offered && spent === null) void playgroundIntents.readLiveSpend();
  }, [offered, spent]);
  if (!prompt) return null;
  if (liveNames.length === 0) {
    return (
      <p className="muted pg-note" data-testid="pg-live-none">
        To send this prompt to real models and grade their answers yourself, add them in the Live routing panel: a model named as one of this world's models is
        asked in its place.
      </p>
    );
  }
  const nextIsLive = next >= 0 && liveNames.includes(arms[next]);
  return (
    <div className="pg-live" data-testid="pg-live" data-status={liveStatus}>
      {next < 0 ? null : nextIsLive ? (
        <button type="button" className="btn primary" disabled={busy} data-testid="pg-ask-live" onClick={() => void playgroundIntents.askLive(next)}>
          Ask {arms[next]} live
        </button>
      ) : (
        <p className="muted pg-note" data-testid="pg-live-missing">
          {arms[next]}, the learner's next model, is not one of your live models ({liveNames.join(', ')}): a live model is asked in place of the world's model
          of the same name.
        </p>
      )}
      {liveStatus === 'asking' && (
        <p className="muted" role="status">
          Waiting for the answer…
        </p>
      )}
      {liveError && (
        <p className="pg-error" role="alert" data-testid="pg-live-error">
          {liveError}
        </p>
      )}
      {live.length > 0 && (
        <ol className="pg-live-answers" data-testid="pg-live-answers">
          {live.map(({ arm, record: r, kept, taught }, i) => (
            <li key={`${r.model}-${r.k}`} data-testid={`pg-live-${i}`} data-grade={r.grade ?? ''} data-kept={kept}>
              <p className="pg-live-meta">
                <strong>{r.model}</strong>
                {kept
                  ? ' · kept in this browser from an earlier ask: not asked again'
                  : ` · ${fmtCount(r.promptTokens)} + ${fmtCount(r.completionTokens)} tokens${r.usageEstimated ? ' (estimated from lengths: the endpoint gave no usage)' : ''} · ${fmtUsd(r.costUsd)} · ${fmtCount(r.latencyMs)} ms`}
              </p>
              <pre className="pg-prompt-text" data-testid="pg-live-response">
                {r.response}
              </pre>
              {taught ? (
                <p className="pg-live-verdict">You said {r.grade ? '✓ right' : '✗ wrong'}: the learner has learned it.</p>
              ) : (
                <p className="pg-live-verdict">
                  {kept && r.grade !== null ? `You said ${r.grade ? '✓' : '✗'} when it was first asked. ` : ''}Was it right?{' '}
                  <VerdictButtons
                    disabled={busy}
                    label={(reward) => `${arms[arm]}'s live answer was ${reward ? 'right' : 'wrong'}`}
                    onVerdict={(reward) => void playgroundIntents.gradeLive(i, reward)}
                  />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {spent !== null && (
        <p className="muted pg-note" data-testid="pg-live-spent">
          The playground's live answers in this browser cost {fmtUsd(spent)} of the Live routing panel's {fmtUsd(spendCap)} spend cap.
        </p>
      )}
    </div>
  );
}
