import { defineConfig } from 'vitest/config';

// Unit tests: the engine, CLI and stores in Node. The browser suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
