/**
 * Turns whatever transformers.js / onnxruntime throw while loading a model into one sentence that names the
 * model and where it was looked for, so the panel can show it as is (the raw messages mention internals like
 * `env.allowRemoteModels` or protobuf).
 */
import { type EmbedSettings, sourceLabel, weightsSource } from './types';

/** Thrown for a model that could not be loaded; `message` is the readable sentence. */
export class EmbedLoadError extends Error {
  override name = 'EmbedLoadError';
}

function rawMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The first quoted path or URL in a message ("…not found locally at "/x/config.json"."), if any. */
function quotedPath(message: string): string | null {
  const m = /"([^"]+\.(?:json|onnx|txt|model)[^"]*)"/.exec(message);
  return m ? m[1] : null;
}

/**
 * What a failed request to the weights' host found, when the loader's own error does not say (transformers.js may
 * swallow a failed fetch and fail later on the missing file's JSON, which read as "not a transformers.js model"):
 * the page's Content-Security-Policy refused it (a `securitypolicyviolation` event named the host), or the host
 * did not answer (a probe of it failed as a network error).
 */
export type HostReach = 'blocked' | 'unreachable' | null;

/** Why loading failed, as the end of a sentence. */
function loadFailureReason(error: unknown, settings: Pick<EmbedSettings, 'baseUrl'>, reach: HostReach): string {
  const raw = rawMessage(error);
  const file = quotedPath(raw);
  const source = weightsSource(settings.baseUrl);
  const host = source.kind === 'hub' || source.kind === 'remote' ? source.host : null;
  // The host, named, before anything the loader said afterwards about files it never received (issue 42, item 7).
  if (host !== null && reach === 'blocked') {
    return `this page's Content-Security-Policy does not allow it to contact ${host} (connect-src); a lab served by \`npm run dev\` or \`vite preview\` allows the hosts of PROMPTWISE_MODEL_HOSTS (docs/LAB.md, "Hosting")`;
  }
  if (host !== null && reach === 'unreachable') {
    return `${host} could not be reached (nothing answers there: the port is closed, the address is wrong, or the machine is offline)`;
  }
  if (/ModelFileNotFoundError|not found|404|Could not locate|Unauthorized|Forbidden|\b40[13]\b/i.test(raw)) {
    return file ? `a model file is missing there (${file})` : 'a model file is missing there (HTTP 404)';
  }
  if (/Failed to fetch|NetworkError|fetch failed|Load failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ERR_INTERNET_DISCONNECTED|network/i.test(raw)) {
    return host ? `${host} could not be reached (offline, or the address is wrong)` : 'the server could not be reached (offline, or the address is wrong)';
  }
  if (/JSON|Unexpected token|Unexpected end/i.test(raw)) {
    return 'the files there are not a transformers.js model (a JSON file could not be read; the server may have sent a web page instead)';
  }
  if (/protobuf|onnx|session|model_data|Invalid model|Can't create/i.test(raw)) {
    return `the ONNX weights there could not be loaded (${raw.slice(0, 200)})`;
  }
  if (/webgpu|adapter|GPUDevice/i.test(raw)) {
    return `WebGPU could not start (${raw.slice(0, 200)})`;
  }
  return raw.slice(0, 300);
}

/** One sentence: which model, from where, and why it could not be loaded. */
export function describeLoadError(error: unknown, settings: Pick<EmbedSettings, 'model' | 'baseUrl'>, reach: HostReach = null): string {
  return `Could not load the embedding model "${settings.model}" from ${sourceLabel(settings)}: ${loadFailureReason(error, settings, reach)}.`;
}

/** Origins whose requests this thread's Content-Security-Policy refused (a page or a worker reports them as events). */
const blockedOrigins = new Set<string>();
(globalThis as { addEventListener?: (type: string, listener: (e: { blockedURI?: string }) => void) => void }).addEventListener?.(
  'securitypolicyviolation',
  (e) => {
    try {
      if (e.blockedURI) blockedOrigins.add(new URL(e.blockedURI).origin);
    } catch {
      // `inline`, `eval`: not a request
    }
  },
);

/** Whether this thread's Content-Security-Policy refused a request to `origin` (the live runs' endpoints too). */
export const refusedByPolicy = (origin: string): boolean => blockedOrigins.has(origin);

/**
 * Whether the weights' host took the load's requests: blocked by the policy, unreachable, or null (it answered, or
 * the weights are this site's). The probe is one request to the host the load just tried.
 */
export async function hostReach(settings: Pick<EmbedSettings, 'baseUrl'>): Promise<HostReach> {
  const source = weightsSource(settings.baseUrl);
  if (source.kind !== 'hub' && source.kind !== 'remote') return null;
  const origin = new URL(source.url).origin;
  if (refusedByPolicy(origin)) return 'blocked';
  try {
    await fetch(source.url, { method: 'HEAD' });
    return null;
  } catch {
    // The event of a refusal may come after the failed promise: look again once it has had its turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return blockedOrigins.has(origin) ? 'blocked' : 'unreachable';
  }
}
