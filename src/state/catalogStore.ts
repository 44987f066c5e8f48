/**
 * The catalog the controls list: the static one (src/state/catalog.ts) at once, the worker's (with each world's
 * models, prices and the recorded datasets its server offers) once it has answered.
 */
import { create } from 'zustand';
import { messageOf } from '../engine/messageOf';
import { catalog as loadWorkerCatalog } from '../workers/simBridge';
import { type Catalog, catalogFrom, STATIC_CATALOG } from './catalog';

export const useCatalog = create<{ catalog: Catalog; loaded: boolean }>()(() => ({ catalog: STATIC_CATALOG, loaded: false }));

/** Asks the worker once; on failure the static lists still let the page work (a crashed worker shows on the run). */
export async function loadCatalog(): Promise<void> {
  if (useCatalog.getState().loaded) return;
  try {
    useCatalog.setState({ catalog: catalogFrom(await loadWorkerCatalog()), loaded: true });
  } catch (e) {
    console.warn('catalog:', messageOf(e));
  }
}
