/**
 * Serves recorded datasets and local model files to the lab from folders outside the build, in `vite` (dev)
 * and `vite preview` alike. Nothing is copied into dist/ or the repo: a deployment without these folders
 * simply has no `/shared/...` files and the lab says so.
 *
 *   /shared/data/index.json          the dataset folders found: [{ name, files: [...] }]
 *   /shared/data/<folder>/<file>     README.md, models.json, prompts.jsonl of one folder
 *   /shared/models/<org>/<name>/...  transformers.js model files (env.localModelPath = '/shared/models/')
 *
 * PROMPTWISE_DATA_DIR and PROMPTWISE_MODELS_DIR override the defaults ../shared/data and ../shared/models.
 */
import { createReadStream, existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Connect, Plugin } from 'vite';

const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.onnx': 'application/octet-stream',
};

export interface SharedFolders {
  data: string;
  models: string;
}

function sharedFolders(root: string): SharedFolders {
  return {
    data: resolve(root, process.env.PROMPTWISE_DATA_DIR ?? '../shared/data'),
    models: resolve(root, process.env.PROMPTWISE_MODELS_DIR ?? '../shared/models'),
  };
}

/** The dataset folders: those holding both models.json and prompts.jsonl. */
function datasetIndex(dataDir: string): { name: string; files: string[] }[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, files: readdirSync(join(dataDir, d.name)).sort() }))
    .filter((d) => d.files.includes('models.json') && d.files.includes('prompts.jsonl'))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `url` decoded, or null when it is not valid percent-encoding (`%E0%A4%A`). */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url);
  } catch {
    return null;
  }
}

/**
 * `rel` (a decoded path) under `dir`, or null when it would escape it or does not name a file. Escaping is judged on
 * real paths (issue 42, item 6): `../` tricks, and a symlink inside the folder that points out of it (to /etc/passwd),
 * are refused; a symlink to another file of the folder is served. The folder itself may be a symlink (CI's ../shared).
 */
function fileUnder(dir: string, decoded: string): string | null {
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  const path = resolve(dir, rel);
  if (path !== dir && !path.startsWith(dir + sep)) return null;
  if (!existsSync(path)) return null;
  const realDir = realpathSync(dir);
  const real = realpathSync(path);
  if (real !== realDir && !real.startsWith(realDir + sep)) return null;
  return statSync(real).isFile() ? real : null;
}

function send(res: ServerResponse, path: string): void {
  const size = statSync(path).size;
  res.statusCode = 200;
  res.setHeader('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream');
  res.setHeader('Content-Length', String(size));
  res.setHeader('Cache-Control', 'no-cache');
  createReadStream(path).pipe(res);
}

export function sharedFilesMiddleware(folders: SharedFolders): Connect.NextHandleFunction {
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const url = (req.url ?? '').split('?')[0];
    // `base: './'` builds still request absolute /shared/... paths (the lab asks for them by absolute URL).
    const m = /^\/shared\/(data|models)(\/.*)?$/.exec(url);
    if (!m) return next();
    const [, kind, rest = '/'] = m;
    // Served as the type its extension says, never sniffed into something else (a .md read as HTML).
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (kind === 'data' && rest === '/index.json') {
      res.setHeader('Content-Type', TYPES['.json']);
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(datasetIndex(folders.data)));
      return;
    }
    const decoded = decodedPath(rest);
    if (decoded === null) {
      // A malformed request is the client's error: 400, and never a stack trace naming the server's folders.
      res.statusCode = 400;
      res.setHeader('Content-Type', TYPES['.txt']);
      res.end('bad request: the path is not valid percent-encoding');
      return;
    }
    const path = fileUnder(kind === 'data' ? folders.data : folders.models, decoded);
    if (!path) {
      res.statusCode = 404;
      res.setHeader('Content-Type', TYPES['.txt']);
      res.end(`not found: ${url}`);
      return;
    }
    send(res, path);
  };
}

export function sharedFilesPlugin(): Plugin {
  return {
    name: 'promptwise-shared-files',
    configureServer(server) {
      server.middlewares.use(sharedFilesMiddleware(sharedFolders(server.config.root)));
    },
    configurePreviewServer(server) {
      server.middlewares.use(sharedFilesMiddleware(sharedFolders(server.config.root)));
    },
  };
}
