import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, endpointGates, LiveQueryError, retryAfterMs } from './client';
import type { LiveModel } from './models';

/** A real HTTP server on 127.0.0.1 answering each request with the next handler (the last repeats). */
async function serve(...handlers: ((req: IncomingMessage, res: ServerResponse, body: string) => void)[]) {
  const seen: { headers: IncomingMessage['headers']; body: string; at: number }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    seen.push({ headers: req.headers, body, at: performance.now() });
    handlers[Math.min(seen.length - 1, handlers.length - 1)](req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const model: LiveModel = {
    name: 'm',
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    model: 'id-1',
    inputPrice: 1,
    outputPrice: 2,
  };
  return { model, seen };
}
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

const completion =
  (content: string, usage = true) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], ...(usage ? { usage: { prompt_tokens: 11, completion_tokens: 7 } } : {}) }),
    );
  };
const status =
  (code: number, headers: Record<string, string> = {}, body = '') =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(code, headers);
    res.end(body);
  };

describe('asking a model over the chat-completions protocol', () => {
  it('sends the prompt, the model id and the key to the endpoint, and reads the answer and its usage', async () => {
    const { model, seen } = await serve(completion('The answer is (B).'));
    const a = await ask(model, 'sk-secret', 'What?', { maxTokens: 64 });
    expect(a).toMatchObject({ text: 'The answer is (B).', usage: { promptTokens: 11, completionTokens: 7, estimated: false }, attempts: 1 });
    expect(JSON.parse(seen[0].body)).toEqual({ model: 'id-1', messages: [{ role: 'user', content: 'What?' }], temperature: 0, max_tokens: 64 });
    expect(seen[0].headers.authorization).toBe('Bearer sk-secret');
  });

  it('estimates the tokens, marked, where the endpoint gives no usage', async () => {
    const { model } = await serve(completion('yes', false));
    const a = await ask(model, undefined, 'x'.repeat(40));
    expect(a.usage).toEqual({ promptTokens: 10, completionTokens: 1, estimated: true });
  });

  it('retries a 429 after the Retry-After it asks for, and a 5xx with backoff', async () => {
    const { model, seen } = await serve(status(429, { 'retry-after': '1' }), status(503), completion('ok'));
    const a = await ask(model, undefined, 'p', { backoffMs: 10 });
    expect(a.attempts).toBe(3);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950); // Retry-After: 1 s, not the 10 ms backoff
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT'))).toBe(2000);
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('fails at once on a 4xx other than 429, naming the model and never the key, even where the endpoint echoes it', async () => {
    const { model, seen } = await serve((req, res) => status(401, {}, `bad key ${req.headers.authorization}`)(req, res));
    const error = await ask(model, 'sk-secret', 'p', { backoffMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LiveQueryError);
    expect((error as Error).message).toMatch(/^m: HTTP 401 \(bad key Bearer …\)$/);
    expect((error as Error).message).not.toContain('sk-secret');
    expect(seen).toHaveLength(1);
  });

  it('gives up after the retries, saying how many', async () => {
    const { model, seen } = await serve(status(500));
    await expect(ask(model, undefined, 'p', { retries: 2, backoffMs: 1 })).rejects.toThrow('m: HTTP 500 (after 2 retries)');
    expect(seen).toHaveLength(3);
  });

  it('times a request out, and a cancel stops at once', async () => {
    const { model } = await serve(() => {}); // never answers
    await expect(ask(model, undefined, 'p', { timeoutMs: 100, retries: 0 })).rejects.toThrow('m: no answer within 0.1 s');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(ask(model, undefined, 'p', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a redirect: the key goes to its own endpoint only', async () => {
    const other = await serve(completion('stolen'));
    const { model } = await serve(status(307, { location: `${other.model.baseUrl}/chat/completions` }));
    await expect(ask(model, 'sk-secret', 'p', { retries: 0 })).rejects.toThrow(/^m: cannot reach http:\/\/127\.0\.0\.1:\d+ /);
    expect(other.seen).toHaveLength(0);
  });

  it('keeps at most the limit of requests in flight per endpoint', async () => {
    const gate = endpointGates(2);
    let inFlight = 0;
    let most = 0;
    const call = () =>
      gate('a', async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
      });
    await Promise.all([call(), call(), call(), call(), call(), gate('b', async () => {})]);
    expect(most).toBe(2);
  });
});
