/**
 * Invisible and control characters between JSON tokens, where JSON allows only space, tab and line breaks: each
 * named by its code point ("U+200B ZERO WIDTH SPACE") and where it stands, since neither JSON.parse nor the
 * position parser (json-positions.ts) points at it or names it.
 */
/** Names of the invisible characters people paste between JSON tokens; others are named by their kind. */
const invisibleNames: Record<number, string> = {
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x1680: 'OGHAM SPACE MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x2000: 'EN QUAD',
  0x2001: 'EM QUAD',
  0x2002: 'EN SPACE',
  0x2003: 'EM SPACE',
  0x2004: 'THREE-PER-EM SPACE',
  0x2005: 'FOUR-PER-EM SPACE',
  0x2006: 'SIX-PER-EM SPACE',
  0x2007: 'FIGURE SPACE',
  0x2008: 'PUNCTUATION SPACE',
  0x2009: 'THIN SPACE',
  0x200a: 'HAIR SPACE',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x205f: 'MEDIUM MATHEMATICAL SPACE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3000: 'IDEOGRAPHIC SPACE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (a byte order mark, allowed only at the very start of the file)',
  0xfffc: 'OBJECT REPLACEMENT CHARACTER',
};

const controlNames: Record<number, string> = { 0x00: 'NULL', 0x0b: 'LINE TABULATION', 0x0c: 'FORM FEED', 0x1b: 'ESCAPE', 0x7f: 'DELETE' };

/** "U+200B ZERO WIDTH SPACE" for a character that is neither JSON whitespace nor visible; undefined otherwise. */
export function invisibleCharacterName(code: number): string | undefined {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `${hex} ${controlNames[code] ?? 'CONTROL CHARACTER'}`;
  const name = invisibleNames[code];
  return name ? `${hex} ${name}` : undefined;
}

export const isJsonWhitespace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The first invisible or control character between tokens (outside strings), with where it stands. JSON allows
 * only space, tab and line breaks there; JSON.parse would say "Unexpected token" and the position parser
 * skips some of them as if they were spaces, so neither points at the character or names it.
 */
export function findInvisibleBetweenTokens(text: string): { offset: number; message: string } | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i++; // the escaped character
      else if (code === 34) inString = false;
      continue;
    }
    if (code === 34) {
      inString = true;
      continue;
    }
    if (isJsonWhitespace(code) || (code > 0x20 && code < 0x7f)) continue;
    const name = invisibleCharacterName(code);
    if (!name) continue; // a visible character where it does not belong: the parser reports it
    return { offset: i, message: `JSON syntax error: ${name} ${whereBetween(text, i)}: delete it (it is invisible in most editors)` };
  }
  return undefined;
}

/** "before this value", "after this value" …, read off the visible characters around `at`. */
function whereBetween(text: string, at: number): string {
  let before = at - 1;
  while (before >= 0 && (isJsonWhitespace(text.charCodeAt(before)) || invisibleCharacterName(text.charCodeAt(before)))) before--;
  let after = at + 1;
  while (after < text.length && (isJsonWhitespace(text.charCodeAt(after)) || invisibleCharacterName(text.charCodeAt(after)))) after++;
  if (after >= text.length) return 'at the end of the file';
  const previous = before < 0 ? '' : text[before]!;
  if (previous === '') return 'at the start of the file';
  if (previous === ':') return 'before this value';
  if (previous === '{') return 'before this property name';
  if (previous === '[') return 'before this value';
  if (previous === ',') return 'after the comma';
  return 'after this value';
}
