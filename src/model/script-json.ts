/**
 * JSON to put inside a <script> element (route data, JSON-LD). "<", ">" and "&" become \u escapes, so no
 * string in the data can close the element or open a comment, and U+2028/U+2029 are escaped for the older
 * JavaScript parsers that treat them as line ends. JSON.parse reads the result back unchanged.
 */
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]!);
}
