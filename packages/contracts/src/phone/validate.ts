import { defaultPhoneCountry, type PhoneCountry, phoneCountries, phoneCountry } from './countries.ts';

/** SPEC §5 messages for the subscription phone field. */
export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Please enter a valid phone number',
} as const;

export const minPhoneDigitsWithoutPattern = 7;
export const maxPhoneDigits = 15;

/** What the input keeps as the user types: digits, spaces, hyphens and parentheses. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/[^\d\s()-]/g, '');
}

/** Only the digits are checked. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

function digitsFit(country: PhoneCountry, digits: string): boolean {
  if (country.pattern) return country.pattern.test(digits);
  return digits.length >= minPhoneDigitsWithoutPattern && digits.length <= maxPhoneDigits;
}

/** The error message for a national number typed for a country, or null when valid. */
export function validatePhone(countryIso: string, input: string): string | null {
  const digits = phoneDigits(input);
  if (digits === '') return phoneMessages.required;
  const country = phoneCountry(countryIso);
  if (!country || !digitsFit(country, digits)) return phoneMessages.invalid;
  return null;
}

/** The full number shown and sent: dial code plus digits, e.g. "+919876543210". */
export function fullPhoneNumber(countryIso: string, input: string): string {
  const country = phoneCountry(countryIso) ?? phoneCountry(defaultPhoneCountry)!;
  return `${country.dial}${phoneDigits(input)}`;
}

/**
 * Checks a full number ("+" dial code and digits, separators allowed) as the server receives it.
 * With a country given, only that country's rules apply; otherwise any country whose dial code
 * starts the number and whose rules accept the rest. Returns the normalised number, or null.
 */
export function parseFullPhoneNumber(input: string, countryIso?: string): string | null {
  const trimmed = input.trim();
  if (!trimmed.startsWith('+') || /[^\d\s()+-]/.test(trimmed.slice(1))) return null;
  const digits = phoneDigits(trimmed);
  const candidates = countryIso ? [phoneCountry(countryIso)].filter((c) => c !== undefined) : phoneCountries;
  for (const country of candidates) {
    const dial = country.dial.slice(1);
    if (digits.startsWith(dial) && digitsFit(country, digits.slice(dial.length))) return `+${digits}`;
  }
  return null;
}
