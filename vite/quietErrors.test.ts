/**
 * The dev server over real HTTP (Vite's own, with the project's config): the answers that named absolute paths or
 * carried a stack trace (issue 42, item 7) keep their status and say only what happened.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
let server: ViteDevServer;
let base = '';

beforeAll(async () => {
  server = await createServer({ root: repo, configFile: `${repo}vite.config.ts`, logLevel: 'silent', server: { port: 0, host: '127.0.0.1', hmr: false } });
  await server.listen();
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => server?.close());

/** A raw GET: the path as written (fetch would normalise it). */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the dev server answers without internals', () => {
  it.each([
    ['a missing HTML proxy module (a 500 with a stack)', '/index.html?html-proxy&index=99.js', 500],
    ['a file outside the served folders (a 403 listing them)', '/@fs/etc/passwd', 403],
  ])('%s', async (_, path, status) => {
    const r = await get(path);
    expect(r.status).toBe(status);
    expect(r.body).not.toContain(repo.replace(/\/$/, ''));
    expect(r.body).not.toMatch(/node_modules|\n\s+at |file:\/\//);
    expect(r.body.trim().split('\n')).toHaveLength(1);
  });

  it('serves the page as before', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<div id="root">');
  });
});
