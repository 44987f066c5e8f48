/** Runs blocks (all, or those a filter keeps) and collects their outputs by id. */
import { BLOCKS, type BlockDef, type BlockOutput } from './blocks';

export function buildBlocks(keep: (block: BlockDef) => boolean = () => true, onBlock?: (id: string, seconds: number) => void): Map<string, BlockOutput> {
  const outputs = new Map<string, BlockOutput>();
  for (const block of BLOCKS) {
    if (!keep(block)) continue;
    const started = performance.now();
    outputs.set(block.id, block.build());
    onBlock?.(block.id, (performance.now() - started) / 1000);
  }
  return outputs;
}
