import { defineConfig } from 'vitest/config';

// Unit tests: the engine, CLI and stores in Node. The browser suite has its own config (vitest.e2e.config.ts).
// `npm run test:quick` leaves out the tests tagged `slow`; `npm test` runs them all.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // Vitest's default leaves a core idle (cores − 1); on this project's 2-core machines both are worth using.
    maxWorkers: 2,
    tags: [{ name: 'slow', description: 'Replays a whole recorded dataset or rebuilds the reproduction report: left out of npm run test:quick.' }],
  },
});
