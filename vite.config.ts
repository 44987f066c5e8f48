import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { labHeaders } from './vite/headers.ts';
import { quietErrorsPlugin } from './vite/quietErrors.ts';
import { sharedFilesPlugin } from './vite/sharedFiles.ts';

// The engine runs in a module Web Worker (src/workers/sim.worker.ts); `base: './'` keeps the build relocatable.
export default defineConfig({
  base: './',
  // Isolation, Content-Security-Policy, nosniff: vite/headers.ts (and docs/LAB.md, "Hosting").
  server: { headers: labHeaders({ dev: true }) },
  preview: { headers: labHeaders({ dev: false }) },
  // The dev server's 403 and 500 pages without paths or stacks: vite/quietErrors.ts.
  plugins: [quietErrorsPlugin(), react(), sharedFilesPlugin()],
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
