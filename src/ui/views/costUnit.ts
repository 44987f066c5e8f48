/**
 * The unit of the costs on screen ("$/Mtok", "µ$", "cost units": state/stakeholder.ts costUnitOf), for the views'
 * axes and headers (issue 41, item 6). A context, so the charts deep in a view read it where they write an axis; the
 * page provides it from the run shown (ui/hooks/CostUnitProvider.tsx), a test or an export may set it.
 */
import { createContext, useContext } from 'react';

export const CostUnitContext = createContext('');

/** "cost / prompt ($/Mtok)", or the words alone where no unit is known. */
export function useCostLabel(words: string): string {
  const unit = useContext(CostUnitContext);
  return unit ? `${words} (${unit})` : words;
}
