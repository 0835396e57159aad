/** The security headers of every answer, with the Content-Security-Policy the site runs under. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `apiHost` is the origin of the blog and send-email API; `scriptHashes` allow the build's inline scripts
 * (the loader, the speculation rules) by their exact content, never 'unsafe-inline'.
 */
export function contentSecurityPolicy(apiHost = '', scriptHashes: string[] = []): string {
  const api = apiSource(apiHost);
  const withApi = (sources: string) => (api ? `${sources} ${api}` : sources);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    // Blocks set a few inline style attributes (widths, slider offsets); inline <style> and scripts stay banned.
    "style-src-attr 'unsafe-inline'",
    withApi("img-src 'self' data:"),
    "font-src 'self'",
    withApi("connect-src 'self'"),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A CSP source matches a path only exactly, so "https://api.example.com/v1/" must become its origin. */
function apiSource(apiHost: string): string {
  const value = apiHost.trim();
  if (!value) return '';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not a URL: a bare host such as "api.example.com" is still a valid source.
  }
  if (/^[a-z0-9.-]+(:\d+)?$/i.test(value)) return value;
  throw new Error(`The API host "${apiHost}" is not an origin such as https://api.example.com; fix VITE_API_HOST or settings.apiHost in pages.json.`);
}

/** The code of a page's inline scripts: plain <script> elements (JSON data blocks are never run). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/** A page's speculation rules (prefetching): JSON, yet the CSP's script-src must allow them like a script. */
export function inlineSpeculationRules(html: string): string[] {
  return [...html.matchAll(/<script type="speculationrules">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/** CSP sources for the inline scripts of a page, and its speculation rules. */
export function inlineScriptHashes(html: string): string[] {
  return [...inlineScripts(html), ...inlineSpeculationRules(html)].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/** The build's inline loader and speculation rules are the same on every page: their hashes are read once, from dist/index.html. */
function buildScriptHashes(distDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  } catch {
    return []; // No build yet: pages answer 404 anyway.
  }
}

export function securityHeaders(distDir: string, apiHost: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(apiHost, buildScriptHashes(distDir)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
