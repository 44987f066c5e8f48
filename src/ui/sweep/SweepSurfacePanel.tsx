/**
 * The Sweep surface card (issue 46, item 5; docs/SWEEPS.md): a merged sweep file, chosen or dropped on the card, drawn
 * per algorithm as a λ × τ_max heatmap of utility, cost or success (one colour scale for all, mean ± std on hover),
 * the oracle's beside the learners' where the sweep ran it, and the cells where PromptWise is beaten outlined. A cell
 * is the link that opens its configuration as a normal run.
 */
import { type DragEvent, useEffect, useId, useState } from 'react';
import { fmt } from '../../engine/lab/format';
import { fileText } from '../../engine/sweep/merge';
import { BEATS_SE, type Surface, type SurfaceMetric, sliceAxes, sweepSurface } from '../../engine/sweep/surface';
import { algoLabel, STATIC_CATALOG } from '../../state/catalog';
import { useParams } from '../../state/params';
import {
  cancelPageGrid,
  cellGround,
  cellLink,
  loadSweepFile,
  MAX_PAGE_GRID,
  restoreSweepFile,
  runPageGrid,
  setSurfaceAt,
  setSurfaceMetric,
  useSweepSurface,
} from '../../state/sweepSurfaceStore';
import { type LabNumberKey, LIMITS } from '../../state/urlCodec';
import { textOn } from '../palette';
import { downloadText } from '../share/download';
import './sweep.css';

const METRICS: SurfaceMetric[] = ['utility', 'cost', 'success'];

/** Light to dark along one hue: the value's place between the surface's min and max. */
function shade(v: number, min: number, max: number): string {
  const f = max > min ? (v - min) / (max - min) : 0.5;
  const mix = (a: number, b: number) => Math.round(a + (b - a) * f);
  return `rgb(${mix(235, 16)}, ${mix(243, 70)}, ${mix(252, 140)})`;
}

async function readFiles(files: FileList | null): Promise<void> {
  const f = files?.[0];
  if (f) await loadSweepFile(await f.text(), f.name);
}

function Heatmap({ surface, index, metric }: { surface: Surface; index: number; metric: SurfaceMetric }) {
  const { algo, grid } = surface.grids[index];
  const algos = surface.grids.map((g) => g.algo);
  const label = algoLabel(STATIC_CATALOG, algo);
  return (
    <table className="surface" data-testid={`surface-${algo}`}>
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">τ_max \ λ</th>
          {surface.lambdas.map((l) => (
            <th key={l} scope="col">
              {l}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.map((row, ti) => (
          <tr key={surface.taus[ti]}>
            <th scope="row">{surface.taus[ti]}</th>
            {row.map((c, li) => {
              const key = `${surface.taus[ti]}-${surface.lambdas[li]}`;
              if (!c) return <td key={key} className="surface-empty" />;
              const background = shade(c.stat.mean, surface.min, surface.max);
              const title = `${label}, λ = ${surface.lambdas[li]}, τ_max = ${surface.taus[ti]}: ${metric} ${fmt(c.stat.mean, 4)} ± ${fmt(c.stat.std, 3)}${
                metric === 'cost' ? ` ${cellGround(c.cell).costUnit} per prompt` : ''
              }${c.beatsPromptWise ? (algo === 'promptwise' ? ' (beaten here)' : ' (beats PromptWise here)') : ''}`;
              const link = cellLink(c.cell, algos);
              const content = fmt(c.stat.mean, 3);
              return (
                <td
                  key={key}
                  className={c.beatsPromptWise ? 'surface-beaten' : undefined}
                  style={{ background, color: textOn(background) }}
                  data-testid={`surface-${algo}-${ti}-${li}`}
                  data-mean={c.stat.mean}
                  data-beaten={c.beatsPromptWise}
                >
                  {'hash' in link ? (
                    <a href={link.hash} title={`${title}. Open this configuration as a run.`} style={{ color: 'inherit' }}>
                      {content}
                    </a>
                  ) : (
                    <span title={`${title}. ${link.why}`}>{content}</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A typed list of values ("0.001, 0.01, 0.1") within the lab's range for `key`, or why not. */
function valuesOf(text: string, key: LabNumberKey): number[] | string {
  const range = LIMITS[key];
  const parts = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (parts.length === 0) return `${key}: give at least one value`;
  const values = parts.map(Number);
  const bad = parts.find(
    (_, i) => !(Number.isFinite(values[i]) && values[i] >= range.min && values[i] <= range.max && (key !== 'tauMax' || Number.isInteger(values[i]))),
  );
  if (bad !== undefined) return `${key}: ${JSON.stringify(bad)} is not a value from ${range.min} to ${range.max}`;
  return [...new Set(values)].sort((a, b) => a - b);
}

/** A small λ × τ_max grid around the page's settings, run in its workers (the CLI's file format, docs/SWEEPS.md). */
function PageGrid() {
  const lambda = useParams((s) => s.params.lambda);
  const grid = useSweepSurface((s) => s.grid);
  const around = [lambda / 10, lambda, lambda * 10].filter((v) => v >= LIMITS.lambda.min && v <= LIMITS.lambda.max);
  const [lambdas, setLambdas] = useState(around.map((v) => Number(v.toPrecision(3))).join(', '));
  const [taus, setTaus] = useState('1, 3, 5');
  const ids = { lambdas: useId(), taus: useId() };
  const l = valuesOf(lambdas, 'lambda');
  const t = valuesOf(taus, 'tauMax');
  const problem =
    typeof l === 'string'
      ? l
      : typeof t === 'string'
        ? t
        : l.length * t.length > MAX_PAGE_GRID
          ? `${l.length * t.length} cells: at most ${MAX_PAGE_GRID} here; a bigger grid is the CLI's`
          : null;
  const running = grid.status === 'running';
  return (
    <form
      className="surface-controls"
      data-testid="page-grid"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem === null && typeof l !== 'string' && typeof t !== 'string') void runPageGrid(l, t);
      }}
    >
      <label htmlFor={ids.lambdas}>λ values</label>
      <input id={ids.lambdas} data-testid="grid-lambdas" value={lambdas} onChange={(e) => setLambdas(e.target.value)} aria-invalid={typeof l === 'string'} />
      <label htmlFor={ids.taus}>τ_max values</label>
      <input id={ids.taus} data-testid="grid-taus" value={taus} onChange={(e) => setTaus(e.target.value)} aria-invalid={typeof t === 'string'} />
      {running ? (
        <button type="button" className="btn secondary" onClick={cancelPageGrid}>
          Cancel ({grid.done} of {grid.of} cells)
        </button>
      ) : (
        <button type="submit" className="btn primary" disabled={problem !== null} data-testid="grid-run">
          Run this grid here
        </button>
      )}
      {(problem ?? grid.error) && (
        <span className="warn-text" role="alert" data-testid="grid-error">
          {problem ?? grid.error}
        </span>
      )}
    </form>
  );
}

export function SweepSurfacePanel() {
  const { file, name, error, metric, at } = useSweepSurface();
  const [over, setOver] = useState(false);
  const ids = { file: useId(), metric: useId() };
  useEffect(() => {
    void restoreSweepFile();
  }, []);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void readFiles(e.dataTransfer.files);
  };
  const surface = file ? sweepSurface(file, metric, at) : null;
  const learners = surface?.grids.filter((g) => g.algo !== 'oracle' && g.algo !== 'oracle-prop1') ?? [];
  const oracles = surface?.grids.filter((g) => g.algo === 'oracle' || g.algo === 'oracle-prop1') ?? [];
  // The world and cost unit of the cells shown (the slice's): a grid run here stays when the page moves to another world.
  const shownCell = surface?.grids.flatMap((g) => g.grid.flat()).find((c) => c !== null)?.cell;
  const ground = shownCell ? cellGround(shownCell) : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping the file is a pointer shortcut for the "Sweep file" control inside, which keyboards use
    <div
      className={`sweep-surface${over ? ' drop-over' : ''}`}
      data-testid="sweep-surface"
      data-loaded={file !== null}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="muted">
        Choose or drop here a merged sweep file (<code>npm run sim -- merge DIR --json FILE</code>, docs/SWEEPS.md) with a <code>lambda</code> and a{' '}
        <code>tauMax</code> axis.
      </p>
      <div className="surface-controls">
        <label htmlFor={ids.file}>Sweep file</label>
        <input id={ids.file} type="file" accept=".json,application/json" data-testid="sweep-file" onChange={(e) => void readFiles(e.target.files)} />
        {file && (
          <>
            <label htmlFor={ids.metric}>Metric</label>
            <select id={ids.metric} value={metric} data-testid="surface-metric" onChange={(e) => setSurfaceMetric(e.target.value as SurfaceMetric)}>
              {METRICS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            {sliceAxes(file)
              .filter(({ values }) => values.length > 1)
              .map(({ key, values }) => (
                <label key={key}>
                  {key}{' '}
                  <select
                    value={String(at[key] ?? values[0])}
                    data-testid={`surface-at-${key}`}
                    onChange={(e) => setSurfaceAt(key, values.find((v) => String(v) === e.target.value) ?? values[0])}
                  >
                    {values.map((v) => (
                      <option key={String(v)} value={String(v)}>
                        {String(v)}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
          </>
        )}
      </div>
      <p className="muted">Or run a small grid of λ × τ_max around this page's world, algorithms and settings, in its workers:</p>
      <PageGrid />
      {error && (
        <p className="pg-error" role="alert" data-testid="sweep-error">
          {error}
        </p>
      )}
      {file && surface && (
        <>
          <p className="muted" data-testid="sweep-info">
            {name}: sweep {file.sweep}
            {ground && (
              <>
                {' '}
                of <strong data-testid="sweep-world">{ground.world}</strong>
              </>
            )}
            , {file.cells.length} cells. {metric} {metric === 'cost' && ground ? `per prompt (${ground.costUnit}) ` : ''}from {fmt(surface.min, 3)} (light) to{' '}
            {fmt(surface.max, 3)} (dark); outlined: where a learner's utility is above PromptWise's by more than {BEATS_SE} standard errors (on PromptWise's own
            grid: where any learner's is). A cell opens its configuration as a run.{' '}
            <button
              type="button"
              className="btn link"
              data-testid="sweep-download"
              onClick={() => downloadText(fileText(file), 'sweep-merged.json', 'application/json')}
            >
              Download the sweep file
            </button>
          </p>
          <div className="surface-grid">
            {learners.map((g) => (
              <Heatmap key={g.algo} surface={surface} index={surface.grids.indexOf(g)} metric={metric} />
            ))}
            {oracles.map((g) => (
              <Heatmap key={g.algo} surface={surface} index={surface.grids.indexOf(g)} metric={metric} />
            ))}
          </div>
          {oracles.length === 0 && <p className="muted">The oracle's surface is drawn beside these when the sweep's algorithms include oracle.</p>}
        </>
      )}
    </div>
  );
}
