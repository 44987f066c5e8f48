import { defineConfig } from 'vitest/config';

// Unit tests in Node. The browser suite has its own config (vitest.e2e.config.ts).
// `npm run test:quick` leaves out the tests tagged `slow`; `npm test` runs them all.
const SLOW = {
  name: 'slow',
  description:
    'Replays a whole recorded dataset, rebuilds the reproduction report, or starts a Slurm cluster or an ssh server: left out of npm run test:quick.',
};

/** The engine, the CLI and the report script: pure modules, so one worker's files can share them (half the run's time goes to imports). */
const PURE = ['src/engine/**/*.test.ts', 'src/cli/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts', 'vite/**/*.test.ts'];

/** A pure file whose checks need a module state of its own. */
const ISOLATED_PURE = 'src/engine/wasmMemory.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    // Vitest's default leaves a core idle (cores − 1); on this project's 2-core machines both are worth using.
    maxWorkers: 2,
    tags: [SLOW],
    projects: [
      // The WebAssembly heap's accounting needs a heap no other file shares (src/engine/wasmMemory.test.ts).
      { extends: true, test: { name: 'pure', include: PURE, exclude: [ISOLATED_PURE], isolate: false } },
      { extends: true, test: { name: 'pure-isolated', include: [ISOLATED_PURE] } },
      // Stores, bridges, views and embeddings: module state (zustand stores, vi.mock, vi.resetModules) is per file.
      { extends: true, test: { name: 'app', include: ['src/**/*.test.{ts,tsx}'], exclude: [...PURE, ISOLATED_PURE] } },
    ],
  },
});
