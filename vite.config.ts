import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sharedFilesPlugin } from './vite/sharedFiles.ts';

/**
 * Cross-origin isolation, so that onnxruntime-web can run its WASM kernels on several threads (SharedArrayBuffer
 * needs `crossOriginIsolated`). `credentialless` rather than `require-corp`: cross-origin fetches without
 * credentials (the Hugging Face hub, when remote models are allowed) still load. Static hosting must send the
 * same two headers (docs/LAB.md, "Hosting"); without them the lab works on one embedding thread.
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

// The engine runs in a module Web Worker (src/workers/sim.worker.ts); `base: './'` keeps the build relocatable.
export default defineConfig({
  base: './',
  server: { headers: ISOLATION_HEADERS },
  preview: { headers: ISOLATION_HEADERS },
  plugins: [react(), sharedFilesPlugin()],
  worker: { format: 'es' },
  optimizeDeps: {
    // transformers.js and onnxruntime-web ship their own wasm loaders: pre-bundling breaks them.
    exclude: ['@huggingface/transformers', 'onnxruntime-web'],
    // Imported only from workers, so the dev server would discover them late and reload the page mid-run.
    // pure-rand 8 has no root export: list the subpaths the engine imports (src/engine/rng.ts).
    include: [
      'ml-matrix',
      'comlink',
      'zod',
      // Loaded on first use (the import parser) or only in workers (IndexedDB stores).
      'papaparse',
      'idb-keyval',
      'pure-rand/generator/xoroshiro128plus',
      'pure-rand/distribution/uniformFloat64',
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
