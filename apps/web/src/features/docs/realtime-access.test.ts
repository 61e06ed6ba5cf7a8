import { describe, expect, it } from 'vitest';
import { planNeededFor } from './realtime-access.ts';

const paid = { description: 'Holdings. Plans: paid plans only (Individual, Professional, Enterprise).' };
const open = { description: 'Symbols. Plans: every plan, Basic included.' };

describe('planNeededFor', () => {
  it('names the paid plans when a Basic key (or the sample key) cannot call the endpoint', () => {
    expect(planNeededFor(paid, 'B')).toBe('Needs a paid plan (Individual, Professional or Enterprise).');
  });

  it('lets paid plans call paid-only endpoints and every plan call the others', () => {
    for (const plan of ['I', 'P', 'E'] as const) expect(planNeededFor(paid, plan)).toBeNull();
    for (const plan of ['B', 'I', 'P', 'E'] as const) expect(planNeededFor(open, plan)).toBeNull();
  });

  it('follows the plans the document lists for the operation over its description', () => {
    const listed = { description: 'Plans: every plan.', 'x-plans': ['I', 'P', 'E'] as ('I' | 'P' | 'E')[] };
    expect(planNeededFor(listed, 'B')).toBe('Needs a paid plan (Individual, Professional or Enterprise).');
    expect(planNeededFor({ ...listed, 'x-plans': ['P', 'E'] }, 'I')).toBe(
      'Needs a paid plan (Professional or Enterprise).',
    );
    expect(planNeededFor({ ...paid, 'x-plans': ['B', 'I', 'P', 'E'] }, 'B')).toBeNull();
  });
});
