/**
 * Company website rule (SPEC §5): optional; when given it must look like a web address, and
 * https:// is added when no scheme is present.
 */
export const websiteMessage = 'Please enter a valid website (or leave it blank).';

const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i;
const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** The address with a scheme, '' for blank, or null when it does not look like a web address. */
export function normalizeWebsite(input: string): string | null {
  const value = input.trim();
  if (value === '') return '';
  if (/\s/.test(value)) return null;
  const withScheme = hasScheme.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const labels = url.hostname.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => hostLabel.test(l))) return null;
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]+)$/i.test(labels.at(-1) ?? '')) return null;
  return withScheme;
}
