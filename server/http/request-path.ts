/** The request target as a path the route matcher and the file system can use safely. */
export interface RequestPath {
  /** As sent (percent-encoded): what the route matcher expects. */
  raw: string;
  /** Decoded: what the file system expects. */
  decoded: string;
  /** The query string with its "?", or "". */
  search: string;
}

/** Null when the path is malformed or tries to leave the build directory. */
export function parseRequestPath(url: string): RequestPath | null {
  let target = url;
  if (!url.startsWith('/')) {
    // Absolute-form targets (sent to proxies) are rare; anything else ("*", garbage) is not a path.
    if (!URL.canParse(url)) return null;
    const parsed = new URL(url);
    target = parsed.pathname + parsed.search;
  }
  const queryAt = target.search(/[?#]/);
  const raw = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 || target[queryAt] === '#' ? '' : target.slice(queryAt).split('#')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // Checked after decoding, so "%2e%2e", "..%2f" and "%00" are caught as well as their plain forms.
  if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) return null;
  return { raw, decoded, search };
}
