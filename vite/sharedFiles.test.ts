/**
 * The /shared/ file server of the dev and preview servers, over real HTTP: files, the dataset index, and the
 * requests it must refuse without leaking anything (path traversal, malformed percent-encoding).
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFilesMiddleware } from './sharedFiles';

const root = mkdtempSync(join(tmpdir(), 'pw-shared-'));
const folders = { data: join(root, 'data'), models: join(root, 'models') };
let server: Server;
let base = '';

beforeAll(async () => {
  mkdirSync(join(folders.data, 'toy'), { recursive: true });
  mkdirSync(folders.models, { recursive: true });
  writeFileSync(join(folders.data, 'toy', 'models.json'), '[]');
  writeFileSync(join(folders.data, 'toy', 'prompts.jsonl'), '{}\n');
  writeFileSync(join(root, 'secret.txt'), 'the content of a file outside the folder');
  const handle = sharedFilesMiddleware(folders);
  server = createServer((req, res) =>
    handle(req, res, () => {
      res.statusCode = 418;
      res.end('not mine');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw GET (fetch would normalise `..` and percent-escapes away before sending them). */
async function get(path: string): Promise<{ status: number; body: string; type: string | null; nosniff: string | null }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          type: res.headers['content-type'] ?? null,
          nosniff: (res.headers['x-content-type-options'] as string) ?? null,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('shared files', () => {
  it('serves the dataset index and a dataset file, and passes other paths on', async () => {
    expect(JSON.parse((await get('/shared/data/index.json')).body)).toEqual([{ name: 'toy', files: ['models.json', 'prompts.jsonl'] }]);
    expect(await get('/shared/data/toy/models.json')).toEqual({ status: 200, body: '[]', type: 'application/json; charset=utf-8', nosniff: 'nosniff' });
    expect((await get('/index.html')).status).toBe(418);
  });

  it('answers 400 to malformed percent-encoding, with no stack trace or server path (issue 14, item 9)', async () => {
    for (const path of ['/shared/data/%E0%A4%A', '/shared/models/%', '/shared/data/toy/%ZZ']) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body).toBe('bad request: the path is not valid percent-encoding');
      expect(r.body).not.toContain(root);
    }
  });

  it('never leaves its folder', async () => {
    for (const path of [
      '/shared/data/../secret.txt',
      '/shared/data/%2e%2e/secret.txt',
      '/shared/data/..%2fsecret.txt',
      '/shared/models/..%5c..%5csecret.txt',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('the content of a file outside');
    }
  });

  it('follows no symlink out of its folder, and serves one that stays inside (issue 42, item 6)', async () => {
    symlinkSync(join(root, 'secret.txt'), join(folders.data, 'toy', 'leak.txt'));
    symlinkSync('/etc/passwd', join(folders.models, 'passwd'));
    symlinkSync(join(folders.data, 'toy'), join(folders.data, 'elsewhere'));
    symlinkSync(join(folders.data, 'toy', 'models.json'), join(folders.data, 'toy', 'alias.json'));
    for (const path of ['/shared/data/toy/leak.txt', '/shared/models/passwd']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('the content of a file outside');
      expect(r.body).not.toContain('root:');
    }
    // Inside the folder, a symlink is a file like another.
    expect((await get('/shared/data/toy/alias.json')).body).toBe('[]');
    expect((await get('/shared/data/elsewhere/models.json')).body).toBe('[]');
  });
});
