/**
 * Serves the built app (dist/) with `vite preview` on a free localhost port for the browser specs, which
 * read its address with `inject('baseURL')`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type PreviewServer, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { freePort } from '../src/cli/freePort';
import { findChromium } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
/** E2E_DIST serves another build (an absolute path), so parallel work can test its own build. */
const outDir = process.env.E2E_DIST ?? `${root}/dist`;

let server: PreviewServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  findChromium(); // fail once, up front, with the one line that installs it
  if (!existsSync(`${outDir}/index.html`)) {
    throw new Error(`${outDir} has no build: build first (npm run test:e2e does \`vite build\` before the specs)`);
  }
  const port = await freePort();
  server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  project.provide('baseURL', `http://127.0.0.1:${port}/`);
}

export async function teardown(): Promise<void> {
  await server?.close();
  server = undefined;
}
