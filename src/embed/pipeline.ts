/**
 * The transformers.js side of embeddings, for the browser worker and Node alike: configure `env` for the
 * chosen weights source, load a `feature-extraction` pipeline (with progress), and embed texts with mean
 * pooling and L2 normalisation. Nothing here touches the DOM; the worker adds the browser-only parts
 * (the ONNX Runtime wasm URLs, WebGPU detection, the IndexedDB cache).
 */
import { type DataType, type DeviceType, env, type FeatureExtractionPipeline, type ProgressInfo, pipeline } from '@huggingface/transformers';
import { describeLoadError, EmbedLoadError, hostReach } from './errors';
import { type EmbedDevice, type EmbedDtype, type EmbedProgress, type EmbedSettings, weightsSource } from './types';

const HUB_PATH_TEMPLATE = '{model}/resolve/{revision}/';

/**
 * Points transformers.js at the weights (`weightsSource` reads the base URL). `env` is global to the module, so
 * every load sets all the fields it depends on (a previous load may have changed them).
 *  - no base: the hub, remote only;
 *  - an http(s) URL: a self-hosted mirror served as `<base>/<model>/<file>` (transformers.js refuses absolute
 *    URLs as `localModelPath` when remote models are off, so the mirror is configured as the remote host);
 *  - a path (a site path like `/shared/models/`, or a folder in Node): `env.localModelPath`, remote off, so
 *    nothing is ever fetched from the hub;
 *  - anything else (`javascript:`, `data:`, `//other.host/`): refused with an EmbedLoadError.
 */
export function configureEnv(baseUrl: string): void {
  const source = weightsSource(baseUrl);
  const withSlash = (s: string) => (s.endsWith('/') ? s : `${s}/`);
  switch (source.kind) {
    case 'hub':
      env.allowRemoteModels = true;
      env.allowLocalModels = false;
      env.remoteHost = source.url;
      env.remotePathTemplate = HUB_PATH_TEMPLATE;
      return;
    case 'remote':
      env.allowRemoteModels = true;
      env.allowLocalModels = false;
      env.remoteHost = withSlash(source.url);
      env.remotePathTemplate = '{model}/';
      return;
    case 'site':
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      env.localModelPath = withSlash(source.path);
      return;
    case 'refused':
      // Checked here too, where every load passes: the panel's check is for the user, this one for safety.
      throw new EmbedLoadError(`The model base URL is refused: ${source.problem}.`);
  }
}

/**
 * Maps transformers.js's progress events to ours: `progress_total` (bytes over all files) is the download;
 * once every file is in, the ONNX session is being created until the pipeline is ready.
 */
function progressMapper(onProgress: (p: EmbedProgress) => void): (info: ProgressInfo) => void {
  let startupSent = false;
  return (info) => {
    if (info.status === 'progress_total') {
      onProgress({ phase: 'download', loaded: info.loaded, total: info.total });
      if (info.total > 0 && info.loaded >= info.total && !startupSent) {
        startupSent = true;
        onProgress({ phase: 'startup' });
      }
    }
  };
}

export interface LoadedExtractor {
  extractor: FeatureExtractionPipeline;
  device: EmbedDevice;
  dtype: EmbedDtype;
  settings: EmbedSettings;
}

/**
 * Loads the pipeline for `settings` on `device` ('cpu' is onnxruntime-node, Node's only backend).
 * Rejects with an EmbedLoadError whose message names the model, the source and the reason.
 */
export async function loadExtractor(
  settings: EmbedSettings,
  device: EmbedDevice,
  dtype: EmbedDtype,
  onProgress: (p: EmbedProgress) => void = () => {},
  /** ONNX Runtime session options (the benchmark pins Node's thread count with `intraOpNumThreads`). */
  sessionOptions?: Record<string, unknown>,
): Promise<LoadedExtractor> {
  configureEnv(settings.baseUrl);
  try {
    // The generic overloads of `pipeline` make TypeScript's inference very slow: the task fixes the type.
    const load = pipeline as (task: 'feature-extraction', model: string, options: object) => Promise<FeatureExtractionPipeline>;
    const extractor = await load('feature-extraction', settings.model, {
      device: device as DeviceType,
      dtype: dtype as DataType,
      progress_callback: progressMapper(onProgress),
      ...(sessionOptions ? { session_options: sessionOptions } : {}),
    });
    return { extractor, device, dtype, settings };
  } catch (error) {
    throw new EmbedLoadError(describeLoadError(error, settings, await hostReach(settings)), { cause: error });
  }
}

/** Mean-pooled, normalised embeddings of `texts`, row-major (texts.length × dims). */
export async function embedWith(extractor: FeatureExtractionPipeline, texts: string[]): Promise<{ data: Float32Array; dims: number }> {
  const output = await extractor(texts, { pooling: 'mean', normalize: true });
  const [rows, dims] = output.dims as number[];
  if (rows !== texts.length) throw new Error(`the model returned ${rows} vectors for ${texts.length} texts`);
  const data = output.data instanceof Float32Array ? output.data : Float32Array.from(output.data as ArrayLike<number>);
  output.dispose?.();
  return { data, dims };
}
