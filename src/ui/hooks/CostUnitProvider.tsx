import type { ReactNode } from 'react';
import { useLab } from '../../state/labStore';
import { costUnitOf } from '../../state/stakeholder';
import { CostUnitContext } from '../views/costUnit';

/** Gives the views the unit of the run shown's costs (views/costUnit.ts). */
export function CostUnitProvider({ children }: { children: ReactNode }) {
  const config = useLab((s) => s.result?.config ?? s.config);
  const unit = config ? costUnitOf(config) : '';
  return <CostUnitContext.Provider value={unit}>{children}</CostUnitContext.Provider>;
}
