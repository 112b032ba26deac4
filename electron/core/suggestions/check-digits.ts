/**
 * Check-digit schemes a number format may use; the last digit of the value's digits is checked against
 * the others. A pattern names its scheme (candidates.ts); a candidate that fails it is an OCR misread or
 * not that kind of number, and is dropped.
 */
import type { CheckDigitScheme } from '../../../shared/domain/suggestions';

export type { CheckDigitScheme };

/** Luhn (ISO/IEC 7812), as on cards and many insurers' policy numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Modulo 11 with weights 2, 3, … 7 from the right (remainder 0 or 1 → check digit 0). */
export function mod11Valid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const r = 11 - (sum % 11);
  const check = r >= 10 ? 0 : r;
  return check === Number(digits.at(-1));
}

/** ISO 7064 MOD 97-10 over the digits (the two last are the check), as in IBANs and some claim numbers. */
export function mod97Valid(digits: string): boolean {
  if (!/^\d{3,}$/.test(digits)) return false;
  let r = 0;
  for (const c of digits) r = (r * 10 + Number(c)) % 97;
  return r === 1;
}

export function checkDigitValid(scheme: CheckDigitScheme, value: string): boolean {
  const digits = value.replace(/\D/g, '');
  switch (scheme) {
    case 'luhn':
      return luhnValid(digits);
    case 'mod11':
      return mod11Valid(digits);
    case 'mod97':
      return mod97Valid(digits);
  }
}
