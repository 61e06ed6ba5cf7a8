import { afterEach, describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';
import {
  parseProfile,
  profileStorageKey,
  readProfile,
  updateProfile,
  writeProfile,
} from './session-store.ts';

const full = {
  user: 'Asha Rao',
  key: 'bahi_abc',
  accessToken: 'a',
  refreshToken: 'r',
  expiry: 1_900_000_000,
  email: 'asha@example.com',
  plan: 'B',
  subscription_expiration: null,
  billing_cycle: 'NA',
  billing_status: 'active',
};

describe('stored session profile', () => {
  afterEach(() => localStorage.clear());

  it('is signed in only with every SPEC §3 field present and typed', () => {
    expect(parseProfile(JSON.stringify(full))).toEqual(full);
    expect(parseProfile(JSON.stringify({ ...full, user: '' }))).toBeNull();
    expect(parseProfile(JSON.stringify({ ...full, plan: 'X' }))).toBeNull();
    const { key: _key, ...withoutKey } = full;
    expect(parseProfile(JSON.stringify(withoutKey))).toBeNull();
    expect(parseProfile('{not json')).toBeNull();
    expect(parseProfile(null)).toBeNull();
  });

  it('keeps a profile with a missing expiry, so the client can treat it as expired', () => {
    const { expiry: _e, ...rest } = full;
    expect(parseProfile(JSON.stringify(rest))?.expiry).toBeNaN();
  });

  it('writes the whole profile to one fixed entry and clears it on sign-out', () => {
    writeProfile(parseProfile(JSON.stringify(full)));
    expect(JSON.parse(localStorage.getItem(profileStorageKey)!)).toEqual(full);
    expect(updateProfile({ plan: 'P' })?.plan).toBe('P');
    expect(readProfile()?.plan).toBe('P');
    writeProfile(null);
    expect(localStorage.length).toBe(0);
    expect(updateProfile({ plan: 'I' })).toBeNull();
  });

  it('initials come from the first and last names', () => {
    expect(initialsOf('Asha K Rao')).toBe('AR');
    expect(initialsOf('meera')).toBe('M');
    expect(initialsOf('  ')).toBe('?');
  });
});
