import { useDeferredValue } from 'react';
import { useCatalog } from '../../state/catalogStore';
import { runKey } from '../../state/lab/config';
import { pageLabConfig, useLab } from '../../state/labStore';
import { useParams } from '../../state/params';
import { Summary } from '../Summary';

export function SummarySection() {
  const result = useDeferredValue(useLab((s) => s.result));
  const catalog = useCatalog((s) => s.catalog);
  const params = useParams((s) => s.params);
  const stale = result !== null && runKey(result.config) !== runKey(pageLabConfig(params));
  return <Summary result={result} catalog={catalog} stale={stale} />;
}
