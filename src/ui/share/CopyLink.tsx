import { useEffect, useRef, useState } from 'react';
import { playbackStore } from '../../state/labStore';
import { currentLink } from '../../state/params';

/** Copies the link of the current state; where the clipboard is refused, shows it selected in a text field. */
export function CopyLink() {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [link, setLink] = useState('');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'manual') field.current?.select();
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);

  const copy = async () => {
    const url = currentLink(playbackStore.getState().selectedStep);
    setLink(url);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <div className="copy-link">
      <button type="button" className="btn secondary small" onClick={() => void copy()} data-testid="copy-link">
        {state === 'copied' ? 'Link copied ✓' : 'Copy link'}
      </button>
      <span className="sr-only" role="status" aria-live="polite">
        {state === 'copied' ? 'Link copied to the clipboard' : ''}
      </span>
      {state === 'manual' && (
        <div className="link-fallback" role="dialog" aria-label="Link to this state">
          <label>
            Copy this link (Ctrl+C / ⌘C):
            <input ref={field} readOnly value={link} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="btn link" onClick={() => setState('idle')}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
