import { describe, expect, it } from 'vitest';
import { algoColor, algoDrawOrder, algoStyle, MODEL_COLORS, modelColor, textOn, tint } from './palette';

describe('palette', () => {
  it('gives every model index a colour, cycling past the palette', () => {
    expect(modelColor(0)).toBe(MODEL_COLORS[0]);
    expect(modelColor(MODEL_COLORS.length)).toBe(MODEL_COLORS[0]);
    expect(new Set(MODEL_COLORS).size).toBe(MODEL_COLORS.length);
    expect(modelColor(-1)).toMatch(/^#/);
  });
  it('keeps PromptWise variants in one family, oracles dashed, unknown ids stable', () => {
    for (const id of ['promptwise', 'promptwise-perstep', 'promptwise-klr', 'promptwise-budget']) expect(algoStyle(id).family).toBe('promptwise');
    for (const id of ['oracle', 'oracle-prop1']) {
      expect(algoStyle(id).family).toBe('oracle');
      expect(algoStyle(id).dash).toBeDefined();
    }
    expect(algoColor('something-new')).toBe(algoColor('something-new'));
    expect(algoDrawOrder('promptwise')).toBeGreaterThan(algoDrawOrder('random'));
    const known = [
      'promptwise',
      'promptwise-perstep',
      'promptwise-klr',
      'promptwise-budget',
      'ca-pak-ucb-ts',
      'random',
      'greedy',
      'random-ts',
      'greedy-ts',
      'lowest-cost',
      'highest-cost',
      'oracle',
      'oracle-prop1',
    ];
    expect(new Set(known.map((id) => `${algoColor(id)}${algoStyle(id).dash ?? ''}`)).size).toBe(known.length);
  });
  it('picks legible text on a colour and tints toward white', () => {
    expect(textOn('#0072B2')).toBe('#ffffff');
    expect(textOn('#F0E442')).toBe('#17212b');
    expect(textOn('#E69F00')).toBe('#17212b');
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('#123456', 0)).toBe('#123456');
  });
});
