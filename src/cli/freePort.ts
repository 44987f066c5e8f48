import { createServer } from 'node:net';

/**
 * A localhost port free now, for a server a test starts (the preview server of the browser specs, the test's own
 * Slurm and ssh daemons): the system's pick, released at once.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
