import { useParams } from '../../state/params';

export function Notices() {
  const notices = useParams((s) => s.notices);
  const dismiss = useParams((s) => s.dismissNotice);
  const dismissAll = useParams((s) => s.dismissAllNotices);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="alert" data-testid="notices">
      <div className="notices-head">
        <strong>Some settings could not be used as given</strong>
        <button type="button" className="btn link" onClick={dismissAll}>
          Dismiss all
        </button>
      </div>
      <ul>
        {notices.map((n) => (
          <li key={n.id} data-testid="notice" data-field={n.field}>
            <span>{n.text}</span>
            <button type="button" className="notice-close" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
