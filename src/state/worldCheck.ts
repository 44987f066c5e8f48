/**
 * A link may name a dataset world that this lab does not offer (`world=data:nope`, an import deleted since):
 * like every other bad link value, it is replaced by the default scenario with a notice naming the field,
 * instead of a run that fails. The check needs the lists of served datasets and stored imports, so it answers
 * only once they are known.
 */
import { useCatalog } from './catalogStore';
import { useImport } from './importStore';
import { useParams } from './params';
import { DEFAULT_PARAMS, isDatasetWorldName } from './urlCodec';

/** Why `world` cannot run here, or null (it can, it is built in, or the lists are not known yet: null there). */
export function missingWorld(world: string, datasets: readonly string[] | null, importIds: readonly string[] | null): string | null {
  if (!isDatasetWorldName(world)) return null;
  if (world.startsWith('data:')) {
    if (datasets === null || datasets.includes(world)) return null;
    return datasets.length === 0 ? 'this lab serves no recorded datasets' : `the recorded datasets are ${datasets.map((d) => d.slice(5)).join(', ')}`;
  }
  if (importIds === null || importIds.includes(world.slice('import:'.length))) return null;
  return 'no import of that id is stored in this browser';
}

/** Replaces the parameters' dataset world by the default scenario, with a notice, when this lab does not offer it. */
export function checkLinkWorld(): void {
  const { world } = useParams.getState().params;
  const { catalog, loaded } = useCatalog.getState();
  const { imports, importsLoaded } = useImport.getState();
  const why = missingWorld(world, loaded ? catalog.datasets : null, importsLoaded ? imports.map((m) => m.id) : null);
  if (why === null) return;
  useParams.getState().replaceWorld(DEFAULT_PARAMS.world, { field: 'world', text: `world=${world} is not available (${why}); using ${DEFAULT_PARAMS.world}` });
}
