import type { ReactNode } from 'react';

/** A short explanation under a control. */
export function HelpText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p className="help" id={id}>
      {children}
    </p>
  );
}
