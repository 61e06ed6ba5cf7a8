import { type PlanCode, planOrder, plans } from '@bahi/contracts/plans';
import type { Operation } from './swagger.ts';

/** The served document lists, per operation, the plans whose keys it answers (`x-plans`). */
type WithPlans = Operation & { 'x-plans'?: PlanCode[] };

/**
 * Whether a key on `plan` may call an operation. The document's `x-plans` says which plans may;
 * a document without it is read from the access note in the description ("Plans: paid plans
 * only (...)"). The sample key and signed-out visitors count as Basic. Returns null when the
 * plan may call it, else the sentence naming the plans that can.
 */
export function planNeededFor(operation: WithPlans, plan: PlanCode): string | null {
  const allowed =
    operation['x-plans'] ??
    (/Plans: paid plans only/i.test(operation.description ?? '') ? (['I', 'P', 'E'] as PlanCode[]) : null);
  if (!allowed || allowed.includes(plan)) return null;
  const names = planOrder.filter((p) => allowed.includes(p)).map((p) => plans[p].name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return allowed.includes('B') ? `Needs the ${list} plan.` : `Needs a paid plan (${list}).`;
}
