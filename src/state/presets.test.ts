import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../cli/args';
import { PRESETS, presetCliArgs, presetCommand } from '../engine/lab/presets';
import { labConfigOf } from './lab/config';
import { presetHash, presetOf, presetParams } from './presets';
import { decodeHash } from './urlCodec';

describe('presets', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))('%s: the link and the CLI command ask for the same run', (_, preset) => {
    const decoded = decodeHash(presetHash(preset));
    expect(decoded.notices).toEqual([]);
    expect(decoded.state.params).toEqual(presetParams(preset));
    const config = labConfigOf(decoded.state.params);
    const cli = parseCliArgs(presetCliArgs(preset));
    expect(cli.algos).toEqual(config.algos);
    expect([cli.T, cli.trials, cli.seed]).toEqual([config.T, config.trials, config.seed]);
    expect(cli.params.lambda).toBe(config.params.lambda);
    expect(cli.params.tauMax).toBe(config.params.tauMax);
    if (config.dataset) {
      expect(cli.world).toBe(`../shared/data/${config.world.slice('data:'.length)}`);
      expect(cli.features).toBe(config.dataset.features);
      expect(cli.costs).toBe(config.dataset.costs);
      expect(cli.d).toBe(config.dataset.dim);
      expect(cli.tasks).toEqual(config.dataset.tasks);
      expect(cli.modelStart).toEqual(config.dataset.modelStart);
      expect(cli.taskStart).toEqual(config.dataset.taskStart);
    } else {
      expect(cli.world).toBe(config.world);
    }
  });

  it('names the preset the parameters are; a changed value is none', () => {
    for (const preset of PRESETS) {
      const params = presetParams(preset);
      expect(presetOf(params)).toBe(preset);
      expect(presetOf({ ...params, lambda: 0.0123 })).toBeUndefined(); // no preset's λ
      expect(presetOf({ ...params, seed: params.seed + 1 })).toBeUndefined();
    }
  });

  it("rebuilds the paper's adaptation experiments on the recorded code data, and says what the data lacks", () => {
    const byId = (id: string) => PRESETS.find((p) => p.id === id)!;
    const models = byId('new-models');
    const prompts = byId('new-prompts');
    expect(presetHash(models)).toContain('modelStart=gemini-2.5-flash-preview:200');
    expect(presetHash(prompts)).toContain('taskStart=python-completion:250');
    expect(presetCliArgs(models).join(' ')).toContain('--model-start gemini-2.5-flash-preview:200');
    expect(presetCliArgs(prompts).join(' ')).toContain('--task-start python-completion:250');
    expect(models.description).toMatch(/not in the recorded data/);
    expect(prompts.description).toMatch(/not recorded/);
  });

  it("docs/LAB.md's preset table is every preset's link and command, in order", () => {
    const doc = readFileSync(new URL('../../docs/LAB.md', import.meta.url), 'utf8');
    const rows = doc.split('\n').filter((l) => /^\| `[\w.-]+` \| .* \| `#/.test(l));
    expect(rows).toEqual(PRESETS.map((p) => `| \`${p.id}\` | ${p.title} | \`${presetHash(p)}\` | \`${presetCommand(p)}\` |`));
  });

  it('ids are unique', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
  });
});
