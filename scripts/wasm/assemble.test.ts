import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kernelsOn } from '../../src/engine/estimators/wasm/instance';
import { assembleKernels, KERNELS_TS, kernelExports, kernelsSource } from './assemble';

describe('the engine’s WebAssembly kernels', () => {
  it('the committed kernels.ts holds exactly the bytes kernels.wat assembles to (run npm run build:wasm after editing the .wat)', async () => {
    expect(readFileSync(KERNELS_TS, 'utf8')).toBe(kernelsSource(await assembleKernels()));
  });

  it('the Kernels interface names every export of the module with its number of parameters', () => {
    const wat = readFileSync(new URL('../../src/engine/estimators/wasm/kernels.wat', import.meta.url), 'utf8');
    const declared = kernelExports(wat);
    const { kernels } = kernelsOn(65536);
    const exported = Object.entries(kernels as unknown as Record<string, unknown>).filter(([, f]) => typeof f === 'function');
    expect(declared.map((k) => k.name).sort()).toEqual(exported.map(([name]) => name).sort());
    for (const k of declared) expect((kernels as unknown as Record<string, (...a: number[]) => unknown>)[k.name].length, k.name).toBe(k.params.length);
    expect(declared.find((k) => k.name === 'driftselect')).toMatchObject({ result: 'i32' });
  });
});
