/** The header set: what the servers send is what docs/LAB.md tells a static host to send. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, labHeaders, liveHosts } from './headers';

describe('lab headers', () => {
  it("docs/LAB.md lists exactly the preview server's headers", () => {
    const doc = readFileSync(new URL('../docs/LAB.md', import.meta.url), 'utf8');
    const block = /### Hosting: the headers[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    // One header per line; a long value continues on indented lines.
    const documented = Object.fromEntries(
      block
        .replace(/\n\s+/g, ' ')
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expect(documented).toEqual(labHeaders({ dev: false }));
  });

  it('allows inline scripts in dev only, and names the model hosts', () => {
    expect(contentSecurityPolicy({ dev: true })).toContain("'unsafe-inline'; worker-src");
    expect(contentSecurityPolicy({ dev: false })).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(contentSecurityPolicy({ dev: false, hosts: ['https://models.example.org'] })).toContain("connect-src 'self' blob: https://models.example.org;");
  });

  it('lets a live run reach models on this machine, and the hosts PROMPTWISE_LIVE_HOSTS names', () => {
    expect(liveHosts({})).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    expect(liveHosts({ PROMPTWISE_LIVE_HOSTS: ' https://api.openai.com  https://openrouter.ai ' })).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
      'https://api.openai.com',
      'https://openrouter.ai',
    ]);
    expect(contentSecurityPolicy({ dev: false })).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:\*/);
  });
});
