import type { ReactNode, Ref } from 'react';

export function Card({
  title,
  sub,
  children,
  className = '',
  testId,
  aside,
  state,
  ref,
}: {
  title: ReactNode;
  sub?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  aside?: ReactNode;
  /** What the card's data is doing (data-state), for tests and styling. */
  state?: string;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section ref={ref} className={`card ${className}`} data-testid={testId} data-state={state}>
      <div className="card-head">
        <div className="card-titles">
          <h2>{title}</h2>
          {sub && <p className="card-sub">{sub}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
