import { describe, expect, it } from 'vitest';
import { continueTo } from './strat-page.tsx';
import { safePath } from './use-sign-in.ts';

describe('after signing in on /strat', () => {
  it('continues to the chosen plan when it is open to the user, else to pricing', () => {
    expect(continueTo('I', 'B')).toBe('/subscription/individual');
    expect(continueTo('P', 'I')).toBe('/subscription/professional');
    expect(continueTo('I', 'I')).toBe('/financial-data-api-pricing');
    expect(continueTo('I', 'P')).toBe('/financial-data-api-pricing');
    expect(continueTo(undefined, 'B')).toBe('/financial-data-api-pricing');
  });

  it('returns only to same-site paths', () => {
    expect(safePath('/company-profile')).toBe('/company-profile');
    expect(safePath('//evil.example')).toBeNull();
    expect(safePath('/\\evil.example')).toBeNull();
    expect(safePath('https://evil.example')).toBeNull();
    expect(safePath(null)).toBeNull();
  });
});
