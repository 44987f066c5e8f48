import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../engine/policies/algorithms';
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
    // Every algorithm of the registry has its own look, in the family the registry gives it.
    expect(new Set(ALGORITHMS.map((a) => `${algoColor(a.id)}${algoStyle(a.id).dash ?? ''}`)).size).toBe(ALGORITHMS.length);
    for (const a of ALGORITHMS) expect(algoStyle(a.id).family, a.id).toBe(a.family);
  });
  it('picks legible text on a colour and tints toward white', () => {
    expect(textOn('#0072B2')).toBe('#ffffff');
    expect(textOn('#F0E442')).toBe('#17212b');
    expect(textOn('#E69F00')).toBe('#17212b');
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('#123456', 0)).toBe('#123456');
  });
});
