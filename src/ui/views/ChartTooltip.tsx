import type { ReactNode } from 'react';

/** One row of a chart tooltip: a name (with its line's colour, for an algorithm) and its values. */
export interface TooltipRow {
  key: string;
  name: ReactNode;
  /** The colour of the swatch before the name, if the row is a drawn series. */
  swatch?: string;
  cells: { value: ReactNode; muted?: boolean }[];
}

/** The charts' tooltip: a head line (with a swatch when it is about one series), then a table of rows. */
export function ChartTooltip({ head, swatch, rows }: { head: ReactNode; swatch?: string; rows: TooltipRow[] }) {
  return (
    <div className="pw-tooltip">
      <div className="pw-tooltip-head">
        {swatch && <span className="pw-swatch-dot" style={{ background: swatch }} aria-hidden="true" />}
        {head}
      </div>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                {r.swatch && <span className="pw-swatch-dot" style={{ background: r.swatch }} aria-hidden="true" />}
                {r.name}
              </th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are only their position
                <td key={i} className={c.muted ? 'pw-muted' : undefined}>
                  {c.value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
