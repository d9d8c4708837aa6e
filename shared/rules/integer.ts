/** A decimal integer in the safe range written as digits (optionally signed), or null. */
export function toInteger(text: unknown): number | null {
  if (typeof text === 'number') return Number.isSafeInteger(text) ? text : null;
  if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}
