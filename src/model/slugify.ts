/**
 * Text as a slug: lower-case letters and digits, words joined by hyphens ("Partner Programme" → "partner-programme",
 * "Café & Bar" → "cafe-and-bar"). The article's heading anchors and the content check's suggested names use it.
 */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // the accents NFKD split off: "Café" → "cafe"
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
