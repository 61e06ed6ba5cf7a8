import type { PlanCode } from '@bahi/contracts/plans';
import type { Operation } from './swagger.ts';

/**
 * Whether a key on `plan` may call an operation, from the access note the served document puts
 * in each description ("Plans: paid plans only (...)"). The sample key and signed-out visitors
 * count as Basic. Returns null when the plan may call it, else the sentence naming the plans
 * that can.
 */
export function planNeededFor(operation: Operation, plan: PlanCode): string | null {
  const paidOnly = /Plans: paid plans only/i.test(operation.description ?? '');
  if (!paidOnly || plan !== 'B') return null;
  return 'Needs a paid plan (Individual, Professional or Enterprise).';
}
