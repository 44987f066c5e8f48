import { fmtCounted } from '../lab/format';
import type { SourceFile } from './importDataset';

/**
 * A picked file's bytes as the import reads them: UTF-8 text. Bytes that are not UTF-8 (a file saved as
 * Latin-1 or Windows-1252) cannot be read; they become U+FFFD "�", and the file carries a warning that counts them
 * and names the first line, so a garbled name or prompt is never silent.
 */
export function decodeSource(name: string, data: Uint8Array): SourceFile {
  const bytes = data.byteLength;
  try {
    return { name, text: new TextDecoder('utf-8', { fatal: true }).decode(data), bytes };
  } catch {
    const text = new TextDecoder('utf-8').decode(data);
    let replaced = 0;
    let first = -1;
    for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) {
      replaced++;
      if (first < 0) first = i;
    }
    const line = text.slice(0, first).split('\n').length;
    const what = fmtCounted(replaced, 'character');
    return {
      name,
      text,
      bytes,
      warning: `${name} is not UTF-8: ${what} could not be read and show as "\uFFFD" (first on line ${line}); save it as UTF-8 to keep them`,
    };
  }
}
