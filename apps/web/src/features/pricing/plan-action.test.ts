import { describe, expect, it } from 'vitest';
import { planAction } from './plan-action.ts';

describe('pricing buttons', () => {
  it('send signed-out visitors to the login prompts and Enterprise to the contact form', () => {
    expect(planAction('B', null)).toEqual({ label: 'GET FREE API KEY', to: '/basic-login' });
    expect(planAction('I', null)).toEqual({ label: 'SELECT PLAN', to: '/strat?plan=individual' });
    expect(planAction('P', null)).toEqual({ label: 'SELECT PLAN', to: '/strat?plan=professional' });
    expect(planAction('E', null)).toEqual({ label: 'CONTACT US', to: '/contact-us' });
  });

  it('lead signed-in Basic users to the docs and the subscription pages', () => {
    const basic = { user: 'Asha Rao', plan: 'B' as const };
    expect(planAction('B', basic)).toEqual({ label: 'View Docs', to: '/financial-data-api-documentation' });
    expect(planAction('I', basic)).toEqual({ label: 'SELECT PLAN', to: '/subscription/individual' });
    expect(planAction('P', basic)).toEqual({ label: 'SELECT PLAN', to: '/subscription/professional' });
    expect(planAction('E', basic).to).toBe('/contact-us');
  });

  it('disable the current plan, and Individual for Professional users', () => {
    const individual = { user: 'Asha Rao', plan: 'I' as const };
    expect(planAction('I', individual)).toEqual({ label: 'CURRENT PLAN', to: null });
    expect(planAction('P', individual).to).toBe('/subscription/professional');
    const professional = { user: 'Asha Rao', plan: 'P' as const };
    expect(planAction('I', professional).to).toBeNull();
    expect(planAction('P', professional)).toEqual({ label: 'CURRENT PLAN', to: null });
    expect(planAction('E', { user: 'Asha Rao', plan: 'E' })).toEqual({ label: 'CURRENT PLAN', to: null });
  });
});
