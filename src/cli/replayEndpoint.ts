/**
 * A replay endpoint (issue 44, item 8): serves the OpenAI chat-completions protocol on 127.0.0.1 from a recorded
 * dataset folder (`../shared/data/<name>`), so that a live run, its tests and a demo work without a model or a
 * network. Each model of the folder answers each of its prompts as recorded: a success with the correct choice
 * (`The answer is (C).`), a failure with another one; a prompt without an `answer` gets `correct` or `incorrect`
 * (grade those with `regex:^correct`). A recorded score s counts as a success when s ≥ 0.5. `usage` gives the
 * folder's token estimates (`in_tokens_est`, `out_tokens_est`) when it has them.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

interface Row {
  text: string;
  answer?: string;
  outcomes: Record<string, number>;
  in_tokens_est?: number;
  out_tokens_est?: number;
}

export interface ReplayEndpoint {
  /** The base URL to give a live model (`…/v1`). */
  url: string;
  models: string[];
  prompts: number;
  /** Requests answered so far, by model. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export interface ReplayOptions {
  data: string;
  port?: number;
  /** Leave `usage` out of the answers (as some servers do), so that clients estimate the tokens. */
  noUsage?: boolean;
  /** Answer after this many milliseconds, as a model would take its time (a demo's escalation then unfolds). */
  latencyMs?: number;
}

const LETTERS = 'ABCDEFGHIJ';

/** The recorded answer of `model` to `row`, worded as a model would. */
function answerOf(row: Row, model: string): string {
  const ok = (row.outcomes[model] ?? 0) >= 0.5;
  if (row.answer === undefined) return ok ? 'correct' : 'incorrect';
  const wrong = LETTERS[(LETTERS.indexOf(row.answer) + 1) % LETTERS.length];
  return `The answer is (${ok ? row.answer : wrong}).`;
}

/** The lab calls from its own origin: any origin may ask (the answers are public recordings). */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', ...CORS });
  res.end(JSON.stringify(body));
}

const refuse = (res: ServerResponse, status: number, message: string) => send(res, status, { error: { message, type: 'invalid_request_error' } });

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startReplayEndpoint(options: ReplayOptions): Promise<ReplayEndpoint> {
  const rows = readFileSync(join(options.data, 'prompts.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
  const byText = new Map(rows.map((r) => [r.text, r]));
  const models = Object.keys(rows[0]?.outcomes ?? {});
  const requests = new Map<string, number>();
  let counter = 0;
  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return res.end();
    }
    if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions\/?$/.test(req.url ?? '')) return refuse(res, 404, `no route ${req.method} ${req.url}`);
    let body: { model?: unknown; messages?: { role?: string; content?: unknown }[] };
    try {
      body = JSON.parse(await bodyOf(req));
    } catch {
      return refuse(res, 400, 'the body is not JSON');
    }
    const model = typeof body.model === 'string' ? body.model : '';
    if (!models.includes(model)) return refuse(res, 404, `the model ${JSON.stringify(model)} does not exist here (models: ${models.join(', ')})`);
    const prompt = body.messages?.findLast((m) => m.role === 'user')?.content;
    const row = typeof prompt === 'string' ? byText.get(prompt) : undefined;
    if (!row) return refuse(res, 400, 'the prompt is not one of the dataset’s');
    requests.set(model, (requests.get(model) ?? 0) + 1);
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const content = answerOf(row, model);
    send(res, 200, {
      id: `replay-${++counter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      ...(options.noUsage
        ? {}
        : {
            usage: {
              prompt_tokens: row.in_tokens_est ?? Math.ceil(row.text.length / 4),
              completion_tokens: row.out_tokens_est ?? Math.ceil(content.length / 4),
              total_tokens: (row.in_tokens_est ?? Math.ceil(row.text.length / 4)) + (row.out_tokens_est ?? Math.ceil(content.length / 4)),
            },
          }),
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    models,
    prompts: rows.length,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
