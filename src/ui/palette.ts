/**
 * Colours of the lab, shared by every view so a model or an algorithm looks the same everywhere.
 *
 * - Models (arms) by index: the Okabe–Ito palette, safe for the common colour-vision deficiencies, in an
 *   order that keeps neighbours (usually models of adjacent price) far apart in hue.
 * - Algorithms by their family and shade in the registry: PromptWise and its variants in one blue family (told
 *   apart by shade and dash), the competitor CA PAK-UCB-tS in orange, baselines muted, the oracles grey and dashed.
 */
import { type AlgorithmFamily, algorithmSpec } from '../engine/policies/algorithms';

/** Okabe & Ito (2008), yellow last (weak on white) and black replaced by a dark slate. */
export const MODEL_COLORS = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#3F4A57', // slate (for black)
  '#F0E442', // yellow
] as const;

/** Colour of model (arm) `index`; cycles beyond eight models. */
export function modelColor(index: number): string {
  if (!Number.isInteger(index) || index < 0) return NULL_ACTION_COLOR;
  return MODEL_COLORS[index % MODEL_COLORS.length];
}

/** Colour of the null action (stop) wherever it is drawn like a model. */
const NULL_ACTION_COLOR = '#8A94A3';

/** 'dark' or 'light' text for legibility on `background` (#rrggbb), by WCAG relative luminance. */
export function textOn(background: string): '#17212b' | '#ffffff' {
  const m = /^#?([0-9a-f]{6})$/i.exec(background.trim());
  if (!m) return '#17212b';
  const n = parseInt(m[1], 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const L = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  // Contrast against white (1.05 / (L + 0.05)) vs against the dark text (L + 0.05) / (L_text + 0.05).
  const onWhite = 1.05 / (L + 0.05);
  const onDark = (L + 0.05) / (0.0143 + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#17212b';
}

/** A colour mixed toward white by `amount` (0: unchanged, 1: white), for soft fills. */
export function tint(color: string, amount: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return color;
  const n = parseInt(m[1], 16);
  const mix = (c: number) => Math.round(c + (255 - c) * Math.min(1, Math.max(0, amount)));
  const hex = (c: number) => mix(c).toString(16).padStart(2, '0');
  return `#${hex((n >> 16) & 255)}${hex((n >> 8) & 255)}${hex(n & 255)}`;
}

export interface AlgoStyle {
  color: string;
  /** SVG stroke-dasharray; undefined for a solid line. */
  dash?: string;
  family: AlgorithmFamily;
  /** Stroke width of its curve (PromptWise drawn a little heavier). */
  width: number;
}

type Shade = Omit<AlgoStyle, 'family'>;

/**
 * Each family's line styles, by the shade its algorithms take in the registry (engine/policies/algorithms.ts):
 * PromptWise and its variants in one blue family, the competitor CA PAK-UCB-tS in orange, the baselines muted,
 * the oracles grey and dashed.
 */
const FAMILY_SHADES: Record<AlgorithmFamily, readonly Shade[]> = {
  promptwise: [
    { color: '#1D5FC2', width: 2.5 },
    { color: '#0B8FAF', width: 2.5 },
    { color: '#5B8FE0', dash: '7 3', width: 2 },
    { color: '#5146B8', dash: '2 3', width: 2 },
    { color: '#7A9CC6', dash: '1 3', width: 2 },
  ],
  competitor: [
    { color: '#D97A06', width: 2 },
    { color: '#E8A85C', dash: '1 3', width: 2 },
    { color: '#C4884A', dash: '4 2 1 2', width: 2 },
  ],
  // The online-routing literature (issue 45): a hue per learner, its till-succeed variant dashed.
  literature: [
    { color: '#7D3C98', width: 2 },
    { color: '#A569BD', dash: '6 3', width: 2 },
    { color: '#138D75', width: 2 },
    { color: '#48C9B0', dash: '6 3', width: 2 },
    { color: '#B03A2E', width: 2 },
    { color: '#E6786C', dash: '6 3', width: 2 },
    { color: '#9A7D0A', dash: '2 2', width: 2 },
    { color: '#6E2C00', width: 2 },
    { color: '#A04000', dash: '6 3', width: 2 },
  ],
  baseline: [
    { color: '#B0798F', width: 1.75 },
    { color: '#C9A2B4', dash: '6 3', width: 1.75 },
    { color: '#5F9E6E', width: 1.75 },
    { color: '#93BF9C', dash: '6 3', width: 1.75 },
    { color: '#A5935A', width: 1.75 },
    { color: '#B5675E', width: 1.75 },
  ],
  oracle: [
    { color: '#3D4652', dash: '6 4', width: 2 },
    { color: '#8C96A3', dash: '2 3', width: 2 },
  ],
};

/** Muted extras for ids the palette does not know (stable per id). */
const FALLBACK = ['#7F7F7F', '#9C755F', '#76B7B2', '#EDC948', '#AF7AA1', '#FF9DA7', '#59A14F', '#E15759'];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Colour, dash, width and family of an algorithm, the same in every view. */
export function algoStyle(id: string): AlgoStyle {
  const spec = algorithmSpec(id);
  const shade = spec ? FAMILY_SHADES[spec.family][spec.shade] : undefined;
  if (spec && shade) return { ...shade, family: spec.family };
  return { color: FALLBACK[hash(id) % FALLBACK.length], dash: '4 2', family: spec?.family ?? 'baseline', width: 1.75 };
}

export function algoColor(id: string): string {
  return algoStyle(id).color;
}

/** Drawing order: baselines first, oracles, then the competitors (the literature's too), PromptWise variants last (on top). */
export function algoDrawOrder(id: string): number {
  return { baseline: 0, oracle: 1, literature: 2, competitor: 2, promptwise: 3 }[algoStyle(id).family];
}
