/** ✓ and ✗: the person's verdict on a model's answer, each button named for a screen reader by `label`. */
export function VerdictButtons({ disabled, label, onVerdict }: { disabled: boolean; label: (reward: 0 | 1) => string; onVerdict(reward: 0 | 1): void }) {
  return (
    <>
      {([1, 0] as const).map((reward) => (
        <button key={reward} type="button" className="btn small secondary" disabled={disabled} aria-label={label(reward)} onClick={() => onVerdict(reward)}>
          {reward ? '✓' : '✗'}
        </button>
      ))}
    </>
  );
}
