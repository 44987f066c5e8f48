import { defineConfig } from 'vitest/config';

// Browser suite: specs in Node drive Debian's Chromium (playwright-core) against the built app, which
// e2e/globalSetup.ts serves with `vite preview` on a free localhost port. Run with `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/globalSetup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two cores: one browser at a time.
    fileParallelism: false,
  },
});
