/**
 * Props of the lab's views (src/ui/views). The views only render engine results (src/engine/lab/types.ts);
 * the layout (App) and the stores decide what to pass.
 */
import type { AlgoCurves, ArmUsage, SweepResult, TraceRow } from '../../engine/lab/types';

export interface AlgoInfo {
  id: string;
  label: string;
}

export interface CurvesPanelProps {
  /** Per algorithm id. */
  curves: Record<string, AlgoCurves>;
  algos: AlgoInfo[];
  /** Playback cursor: only points with t ≤ cursor are drawn (cursor = T shows everything). */
  cursor: number;
  T: number;
}

export interface SweepPlotProps {
  sweep: SweepResult | null;
  algos: AlgoInfo[];
  /** The current value of the swept parameter (highlighted). */
  current: number;
  /** True while the sweep computes. */
  loading: boolean;
}

export interface ArmUsagePanelProps {
  usage: Record<string, ArmUsage>;
  algos: AlgoInfo[];
  arms: string[];
  categories: string[];
}

export interface EscalationTraceProps {
  rows: TraceRow[];
  /** Rows with step < cursor are shown (the latest `visible` of them). */
  cursor: number;
  visible?: number;
  arms: string[];
  categories: string[];
  selectedStep: number | null;
  onSelect(step: number): void;
  /**
   * A played step the list must show (the selected prompt while playback is paused, e.g. a link's or the tour's):
   * when it is older than the newest `visible`, the list shows the rows around it instead. Null: follow the cursor.
   */
  pinnedStep?: number | null;
  /** Hold back the oracle's plans (the tour's predict step, state/tourAnswer.ts). */
  hideOracle?: boolean;
  /**
   * The sentence saying which trace is on its way, shown in place of the header (the rows shown are the last trace
   * until it comes); with no rows yet, the list says nothing else. Null: none is.
   */
  coming?: string | null;
}

export interface DecisionPanelProps {
  row: TraceRow | null;
  arms: string[];
  lambda: number;
}
