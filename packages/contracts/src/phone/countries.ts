/**
 * Countries offered at subscription checkout with their dial codes and, where known, the pattern
 * the national number's digits must match (mobile numbers, without the trunk prefix 0).
 * Countries without a pattern accept 7 to 15 digits (15 is the longest number E.164 allows).
 */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2 code. */
  iso: string;
  name: string;
  /** Dial code with its plus sign, e.g. "+91". */
  dial: string;
  pattern?: RegExp;
}

export const phoneCountries: readonly PhoneCountry[] = [
  { iso: 'IN', name: 'India', dial: '+91', pattern: /^[6-9]\d{9}$/ },
  { iso: 'US', name: 'United States', dial: '+1', pattern: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { iso: 'CA', name: 'Canada', dial: '+1', pattern: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { iso: 'GB', name: 'United Kingdom', dial: '+44', pattern: /^7\d{9}$/ },
  { iso: 'AE', name: 'United Arab Emirates', dial: '+971', pattern: /^5\d{8}$/ },
  { iso: 'SG', name: 'Singapore', dial: '+65', pattern: /^[89]\d{7}$/ },
  { iso: 'AU', name: 'Australia', dial: '+61', pattern: /^4\d{8}$/ },
  { iso: 'NZ', name: 'New Zealand', dial: '+64', pattern: /^2\d{7,9}$/ },
  { iso: 'SA', name: 'Saudi Arabia', dial: '+966', pattern: /^5\d{8}$/ },
  { iso: 'QA', name: 'Qatar', dial: '+974', pattern: /^[3567]\d{7}$/ },
  { iso: 'KW', name: 'Kuwait', dial: '+965', pattern: /^[569]\d{7}$/ },
  { iso: 'OM', name: 'Oman', dial: '+968', pattern: /^[79]\d{7}$/ },
  { iso: 'BH', name: 'Bahrain', dial: '+973', pattern: /^[36]\d{7}$/ },
  { iso: 'NP', name: 'Nepal', dial: '+977', pattern: /^9[78]\d{8}$/ },
  { iso: 'BD', name: 'Bangladesh', dial: '+880', pattern: /^1[3-9]\d{8}$/ },
  { iso: 'LK', name: 'Sri Lanka', dial: '+94', pattern: /^7\d{8}$/ },
  { iso: 'PK', name: 'Pakistan', dial: '+92', pattern: /^3\d{9}$/ },
  { iso: 'MY', name: 'Malaysia', dial: '+60', pattern: /^1\d{8,9}$/ },
  { iso: 'ID', name: 'Indonesia', dial: '+62', pattern: /^8\d{8,11}$/ },
  { iso: 'TH', name: 'Thailand', dial: '+66', pattern: /^[689]\d{8}$/ },
  { iso: 'PH', name: 'Philippines', dial: '+63', pattern: /^9\d{9}$/ },
  { iso: 'HK', name: 'Hong Kong', dial: '+852', pattern: /^[5-9]\d{7}$/ },
  { iso: 'CN', name: 'China', dial: '+86', pattern: /^1[3-9]\d{9}$/ },
  { iso: 'JP', name: 'Japan', dial: '+81', pattern: /^[789]0\d{8}$/ },
  { iso: 'KR', name: 'South Korea', dial: '+82', pattern: /^1[016-9]\d{7,8}$/ },
  { iso: 'DE', name: 'Germany', dial: '+49', pattern: /^1[5-7]\d{8,9}$/ },
  { iso: 'FR', name: 'France', dial: '+33', pattern: /^[67]\d{8}$/ },
  { iso: 'IT', name: 'Italy', dial: '+39', pattern: /^3\d{8,9}$/ },
  { iso: 'ES', name: 'Spain', dial: '+34', pattern: /^[67]\d{8}$/ },
  { iso: 'NL', name: 'Netherlands', dial: '+31', pattern: /^6\d{8}$/ },
  { iso: 'CH', name: 'Switzerland', dial: '+41', pattern: /^7[5-9]\d{7}$/ },
  { iso: 'SE', name: 'Sweden', dial: '+46', pattern: /^7\d{8}$/ },
  { iso: 'IE', name: 'Ireland', dial: '+353', pattern: /^8[35-9]\d{7}$/ },
  { iso: 'IL', name: 'Israel', dial: '+972', pattern: /^5\d{8}$/ },
  { iso: 'TR', name: 'Turkey', dial: '+90', pattern: /^5\d{9}$/ },
  { iso: 'ZA', name: 'South Africa', dial: '+27', pattern: /^[6-8]\d{8}$/ },
  { iso: 'NG', name: 'Nigeria', dial: '+234', pattern: /^[789][01]\d{8}$/ },
  { iso: 'KE', name: 'Kenya', dial: '+254', pattern: /^[17]\d{8}$/ },
  { iso: 'EG', name: 'Egypt', dial: '+20', pattern: /^1[0125]\d{8}$/ },
  { iso: 'BR', name: 'Brazil', dial: '+55', pattern: /^[1-9]{2}9\d{8}$/ },
  { iso: 'RU', name: 'Russia', dial: '+7', pattern: /^9\d{9}$/ },
  { iso: 'MX', name: 'Mexico', dial: '+52' },
  { iso: 'BE', name: 'Belgium', dial: '+32' },
  { iso: 'AT', name: 'Austria', dial: '+43' },
  { iso: 'DK', name: 'Denmark', dial: '+45' },
  { iso: 'NO', name: 'Norway', dial: '+47' },
  { iso: 'PL', name: 'Poland', dial: '+48' },
  { iso: 'PT', name: 'Portugal', dial: '+351' },
  { iso: 'MV', name: 'Maldives', dial: '+960' },
  { iso: 'BT', name: 'Bhutan', dial: '+975' },
];

export const defaultPhoneCountry = 'IN';

export function phoneCountry(iso: string): PhoneCountry | undefined {
  return phoneCountries.find((c) => c.iso === iso.toUpperCase());
}
