import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assembleKernels, KERNELS_TS, kernelsSource } from './assemble';

describe('the engine’s WebAssembly kernels', () => {
  it('the committed kernels.ts holds exactly the bytes kernels.wat assembles to (run npm run build:wasm after editing the .wat)', async () => {
    expect(readFileSync(KERNELS_TS, 'utf8')).toBe(kernelsSource(await assembleKernels()));
  });
});
