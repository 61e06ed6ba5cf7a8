import { describe, expect, it } from 'vitest';
import {
  fullPhoneNumber,
  parseFullPhoneNumber,
  phoneCountries,
  phoneCountry,
  phoneMessages,
  sanitizePhoneInput,
  validatePhone,
} from './index.ts';

describe('phone rules at subscription', () => {
  it('offers about 45 countries, each with a dial code, India first', () => {
    expect(phoneCountries.length).toBeGreaterThanOrEqual(40);
    expect(phoneCountries.length).toBeLessThanOrEqual(55);
    expect(phoneCountries[0]).toMatchObject({ iso: 'IN', dial: '+91' });
    for (const c of phoneCountries) expect(c.dial).toMatch(/^\+\d{1,4}$/);
    expect(new Set(phoneCountries.map((c) => c.iso)).size).toBe(phoneCountries.length);
  });

  it('requires a number', () => {
    expect(validatePhone('IN', '')).toBe(phoneMessages.required);
    expect(validatePhone('IN', ' - ( ) ')).toBe(phoneMessages.required);
  });

  it('India: 10 digits starting 6 to 9', () => {
    expect(validatePhone('IN', '98765 43210')).toBeNull();
    expect(validatePhone('IN', '6000000000')).toBeNull();
    expect(validatePhone('IN', '5876543210')).toBe(phoneMessages.invalid);
    expect(validatePhone('IN', '987654321')).toBe(phoneMessages.invalid);
    expect(validatePhone('IN', '98765432101')).toBe(phoneMessages.invalid);
  });

  it('checks only the digits, so separators do not matter', () => {
    expect(validatePhone('IN', '(987) 654-3210')).toBeNull();
    expect(validatePhone('US', '(415) 555-2671')).toBeNull();
  });

  it('United States, United Kingdom and Singapore have their own patterns', () => {
    expect(validatePhone('US', '415 555 2671')).toBeNull();
    expect(validatePhone('US', '115 555 2671')).toBe(phoneMessages.invalid);
    expect(validatePhone('GB', '7700 900123')).toBeNull();
    expect(validatePhone('GB', '2079460000')).toBe(phoneMessages.invalid);
    expect(validatePhone('SG', '8123 4567')).toBeNull();
    expect(validatePhone('SG', '6123 4567')).toBe(phoneMessages.invalid);
    expect(validatePhone('AE', '50 123 4567')).toBeNull();
    expect(validatePhone('AE', '40 123 4567')).toBe(phoneMessages.invalid);
  });

  it('a country without a pattern needs at least 7 digits', () => {
    expect(phoneCountry('BE')?.pattern).toBeUndefined();
    expect(validatePhone('BE', '123456')).toBe(phoneMessages.invalid);
    expect(validatePhone('BE', '1234567')).toBeNull();
    expect(validatePhone('BE', '1234567890123456')).toBe(phoneMessages.invalid);
  });

  it('an unknown country is never valid', () => {
    expect(validatePhone('XX', '9876543210')).toBe(phoneMessages.invalid);
  });

  it('input keeps digits, spaces, hyphens and parentheses only', () => {
    expect(sanitizePhoneInput('+91 (987) 65-43.210 abc')).toBe('91 (987) 65-43210 ');
  });

  it('shows the full number as dial code plus digits', () => {
    expect(fullPhoneNumber('IN', '98765 43210')).toBe('+919876543210');
    expect(fullPhoneNumber('GB', '(7700) 900-123')).toBe('+447700900123');
  });

  it('parses a full number on the server, with or without the country', () => {
    expect(parseFullPhoneNumber('+91 98765 43210')).toBe('+919876543210');
    expect(parseFullPhoneNumber('+919876543210', 'IN')).toBe('+919876543210');
    expect(parseFullPhoneNumber('+14155552671', 'CA')).toBe('+14155552671');
    expect(parseFullPhoneNumber('+915876543210')).toBeNull();
    expect(parseFullPhoneNumber('9876543210')).toBeNull();
    expect(parseFullPhoneNumber('+919876543210', 'GB')).toBeNull();
    expect(parseFullPhoneNumber('+91 98765x43210')).toBeNull();
  });
});
