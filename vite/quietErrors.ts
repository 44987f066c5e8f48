/**
 * The dev server's error pages without internals (issue 42, item 7). Vite answers a request it cannot serve with
 * its own page: a 500 carries the error's stack with absolute paths (`/index.html?html-proxy&index=99.js`), a 403
 * lists the folders it serves (`/@fs/etc/passwd`). Whoever reaches the dev server (it may listen on a LAN) learns
 * the machine's layout. Here such an answer keeps its status and says only what happened; the full error still
 * goes to the terminal that runs the server, and Vite's error overlay, which the page opens itself, is untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';

/** What the person is told, by status. */
function plainBody(status: number): string {
  if (status === 403) return 'Forbidden: this path is not served by the lab.\n';
  return `${status}: the dev server could not answer this request (its terminal shows why).\n`;
}

/** Rewrites the body of every 403 and 5xx answer to a plain sentence, as the answer is sent. */
function quietErrorsMiddleware(): Connect.NextHandleFunction {
  return (_req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const quieted = () => res.statusCode === 403 || res.statusCode >= 500;
    // Vite writes some pages before it ends them (the 403): what it writes is dropped, and `end` sends the sentence.
    res.write = ((...args: unknown[]) => (quieted() ? true : write(...args))) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      const status = res.statusCode;
      if (!quieted()) return end(...args);
      const body = plainBody(status);
      if (!res.headersSent) {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(body));
        res.setHeader('Cache-Control', 'no-store');
      }
      const callback = args.find((a) => typeof a === 'function');
      return callback ? end(body, callback) : end(body);
    }) as ServerResponse['end'];
    next();
  };
}

/** The middleware first in the dev server's stack, so that it sees every answer, Vite's own included. */
export function quietErrorsPlugin(): Plugin {
  return {
    name: 'promptwise-quiet-errors',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(quietErrorsMiddleware());
    },
  };
}
