/**
 * Turns whatever transformers.js / onnxruntime throw while loading a model into one sentence that names the
 * model and where it was looked for, so the panel can show it as is (the raw messages mention internals like
 * `env.allowRemoteModels` or protobuf).
 */
import { type EmbedSettings, sourceLabel } from './types';

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

/** Why loading failed, as the end of a sentence. */
function loadFailureReason(error: unknown): string {
  const raw = rawMessage(error);
  const file = quotedPath(raw);
  if (/ModelFileNotFoundError|not found|404|Could not locate|Unauthorized|Forbidden|\b40[13]\b/i.test(raw)) {
    return file ? `a model file is missing there (${file})` : 'a model file is missing there (HTTP 404)';
  }
  if (/Failed to fetch|NetworkError|fetch failed|Load failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ERR_INTERNET_DISCONNECTED|network/i.test(raw)) {
    return 'the server could not be reached (offline, or the address is wrong)';
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
export function describeLoadError(error: unknown, settings: Pick<EmbedSettings, 'model' | 'baseUrl'>): string {
  return `Could not load the embedding model "${settings.model}" from ${sourceLabel(settings)}: ${loadFailureReason(error)}.`;
}
