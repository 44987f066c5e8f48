/**
 * The response headers of `npm run dev` and `vite preview`, and the set a static host serving dist/ should send
 * (docs/LAB.md, "Hosting"). One home, so the servers, the tests and the docs agree.
 */

/**
 * Cross-origin isolation, so that onnxruntime-web can run its WASM kernels on several threads (SharedArrayBuffer
 * needs `crossOriginIsolated`). `credentialless` rather than `require-corp`: cross-origin fetches without
 * credentials (the Hugging Face hub) still load. Without them the lab works on one embedding thread.
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

/**
 * The hosts the embedding worker may fetch weights from besides this site: the Hugging Face hub and the hosts
 * it redirects file downloads to. PROMPTWISE_MODEL_HOSTS (space-separated origins) replaces them, for a mirror.
 */
function modelHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.PROMPTWISE_MODEL_HOSTS?.trim();
  return configured ? configured.split(/\s+/) : ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co'];
}

/**
 * The endpoints a live run may send prompts to (docs/LIVE.md): a model served on this machine (vLLM, llama.cpp,
 * Ollama, LM Studio, `npm run replay-endpoint`), and the origins of PROMPTWISE_LIVE_HOSTS (space-separated), named at
 * build or serve time, such as https://api.openai.com or https://openrouter.ai.
 */
export function liveHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.PROMPTWISE_LIVE_HOSTS?.trim();
  return ['http://localhost:*', 'http://127.0.0.1:*', ...(configured ? configured.split(/\s+/) : [])];
}

/**
 * The Content-Security-Policy. Scripts and workers come from this site only (and the blob: URLs its own
 * scripts make); `'wasm-unsafe-eval'` lets the
 * simulation workers and onnxruntime-web compile their WebAssembly (and nothing else be evaluated); requests
 * go to this site, the model hosts and the live endpoints; nothing may frame the lab. Styles allow inline `style` attributes
 * (charts and KaTeX set them), images allow data:/blob: (chart export). The dev server alone allows inline
 * scripts: its React Refresh preamble is one, and the build has none.
 */
export function contentSecurityPolicy({ dev, hosts = [...modelHosts(), ...liveHosts()] }: { dev: boolean; hosts?: readonly string[] }): string {
  return [
    "default-src 'self'",
    // blob: onnxruntime-web copies its threaded loader into a blob: URL, imports it and starts its thread
    // workers from it (only same-origin script can make a blob: URL).
    `script-src 'self' 'wasm-unsafe-eval' blob:${dev ? " 'unsafe-inline'" : ''}`,
    "worker-src 'self' blob:",
    `connect-src 'self' blob: ${hosts.join(' ')}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every header the dev (`dev: true`) or preview server sends with the lab's pages and scripts. */
export function labHeaders({ dev }: { dev: boolean }): Record<string, string> {
  return {
    ...ISOLATION_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy({ dev }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
