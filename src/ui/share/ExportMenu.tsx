import { useRef, useState } from 'react';
import { messageOf } from '../../engine/messageOf';
import { buildCsv, buildJson, chartCaption, fileStem } from '../../state/exportData';
import { playbackStore, useLab } from '../../state/labStore';
import { currentLink } from '../../state/params';
import { figureToSvg, listCharts, svgToPng } from './chartExport';
import { downloadBlob, downloadText } from './download';

/** Results as CSV / JSON and every chart (figure[data-chart]) as SVG / PNG, as downloads. */
export function ExportMenu() {
  const result = useLab((s) => s.result);
  const [charts, setCharts] = useState<{ name: string; title: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const details = useRef<HTMLDetailsElement>(null);

  const close = () => details.current?.removeAttribute('open');
  const meta = () => ({ link: currentLink(playbackStore.getState().selectedStep), exportedAt: new Date().toISOString() });

  const exportChart = async (name: string, format: 'svg' | 'png') => {
    setError(null);
    const found = listCharts().find((c) => c.name === name);
    if (!found || !result) return;
    try {
      // Every exported chart says what it shows and how to get it back (issue 15, item 4).
      const { svg, width, height } = figureToSvg(found.figure, chartCaption(result, meta().link));
      const file = `${fileStem(result)}_${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;
      if (format === 'svg') downloadText(svg, file, 'image/svg+xml');
      else downloadBlob(await svgToPng(svg, width, height, 2), file);
      close();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <details
      className="menu"
      ref={details}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) setCharts(listCharts().map(({ name, title }) => ({ name, title })));
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the native toggle of its <details>, an interactive control */}
      <summary
        className="btn secondary small"
        data-testid="export-menu"
        // List the charts as the menu opens (toggle fires a moment later).
        onClick={() => setCharts(listCharts().map(({ name, title }) => ({ name, title })))}
      >
        Export
      </summary>
      <div className="menu-panel" role="menu">
        <p className="menu-title">Results {result ? '' : '(after the first run)'}</p>
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          disabled={!result}
          data-testid="export-csv"
          onClick={() => {
            if (!result) return;
            downloadText(buildCsv(result, meta()), `${fileStem(result)}.csv`, 'text/csv;charset=utf-8');
            close();
          }}
        >
          Table as CSV
        </button>
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          disabled={!result}
          data-testid="export-json"
          onClick={() => {
            if (!result) return;
            downloadText(buildJson(result, meta()), `${fileStem(result)}.json`, 'application/json');
            close();
          }}
        >
          Summary and parameters as JSON
        </button>
        <p className="menu-title">Charts</p>
        {charts.length === 0 && <p className="menu-note">No chart on the page yet.</p>}
        {charts.map(({ name, title }) => (
          <div key={name} className="menu-row" data-testid={`export-chart-${name}`}>
            <span className="menu-chart" title={name}>
              {title}
            </span>
            <button type="button" role="menuitem" className="menu-item small" disabled={!result} onClick={() => void exportChart(name, 'svg')}>
              SVG
            </button>
            <button type="button" role="menuitem" className="menu-item small" disabled={!result} onClick={() => void exportChart(name, 'png')}>
              PNG
            </button>
          </div>
        ))}
        {error && (
          <p className="menu-note error" role="alert">
            Export failed: {error}
          </p>
        )}
      </div>
    </details>
  );
}
