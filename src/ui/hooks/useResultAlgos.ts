import { useMemo } from 'react';
import { algoLabel } from '../../state/catalog';
import { useCatalog } from '../../state/catalogStore';
import { useLab } from '../../state/labStore';
import type { AlgoInfo } from '../views/props';

/** Algorithms of the shown result, with their labels. */
export function useResultAlgos(): AlgoInfo[] {
  const algos = useLab((s) => s.result?.config.algos);
  const catalog = useCatalog((s) => s.catalog);
  return useMemo(() => (algos ?? []).map((id) => ({ id, label: algoLabel(catalog, id) })), [algos, catalog]);
}
