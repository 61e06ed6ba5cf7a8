import {
  defaultPhoneCountry,
  fullPhoneNumber,
  phoneCountries,
  phoneDigits,
  sanitizePhoneInput,
} from '@bahi/contracts/phone';

export interface PhoneValue {
  country: string;
  number: string;
}

export const emptyPhone: PhoneValue = { country: defaultPhoneCountry, number: '' };

/** Country selector with dial codes, and the number as typed (digits, spaces, hyphens, parentheses). */
export function PhoneField({
  value,
  error,
  onChange,
}: {
  value: PhoneValue;
  error: string | null;
  onChange: (next: PhoneValue, changed: 'country' | 'number') => void;
}) {
  const digits = phoneDigits(value.number);
  return (
    <fieldset className="phone-field">
      <legend>Phone number</legend>
      <div className="phone-row">
        <label>
          <span className="visually-hidden">Country</span>
          <select
            aria-label="Country"
            value={value.country}
            onChange={(e) => onChange({ ...value, country: e.target.value }, 'country')}
          >
            {phoneCountries.map((c) => (
              <option key={c.iso} value={c.iso}>
                {c.name} ({c.dial})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Phone number</span>
          <input
            aria-label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={24}
            value={value.number}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'phone-error' : 'phone-full'}
            onChange={(e) => onChange({ ...value, number: sanitizePhoneInput(e.target.value) }, 'number')}
          />
        </label>
      </div>
      {digits !== '' && (
        <p id="phone-full" className="muted">
          Full number: <span data-testid="full-phone">{fullPhoneNumber(value.country, value.number)}</span>
        </p>
      )}
      {error && (
        <p id="phone-error" className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
