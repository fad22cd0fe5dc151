const NOT_ID_CHARACTER = /[^a-z0-9]/g;
const COMBINING_MARK = /[\u0300-\u036f]/g;
const MIN_STEM_LENGTH = 2;
const NAME_STEM_LENGTH = 10;
// vendorIdValue allows 64 characters; the 4-digit suffix takes the rest.
const MAX_STEM_LENGTH = 60;

/** Lowercase ASCII letters and digits only; accents are folded first, so 'Ç' gives 'c'. */
function idCharacters(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARK, '').toLowerCase().replace(NOT_ID_CHARACTER, '');
}

/**
 * SPEC 7 'Generated vendorId': the UTM source's letters and digits, lowercased; when that is shorter
 * than 2 characters, the first 10 characters of the name; then the last 4 digits of `now`.
 */
export function generateVendorId(name: string, utmSource: string, now: number): string {
  const fromUtm = idCharacters(utmSource).slice(0, MAX_STEM_LENGTH);
  // The name stem is lowercased and stripped to [a-z0-9] too (SPEC only says 'first 10 characters'),
  // so that the id stays URL-safe and passes vendorIdValue whatever the name holds.
  const fromName = idCharacters(name.trim().slice(0, NAME_STEM_LENGTH));
  const stem = fromUtm.length >= MIN_STEM_LENGTH ? fromUtm : fromName || 'vendor';
  const suffix = String(Math.abs(Math.trunc(now)))
    .slice(-4)
    .padStart(4, '0');
  return `${stem}${suffix}`;
}
