// @vitest-environment node
/** The security headers and content negotiation of the production server, as pure functions. */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../../server/http/security-headers.ts';
import { acceptedEncodings } from '../../server/http/compression.ts';

describe('Content-Security-Policy', () => {
  it('builds the CSP without an API host', () => {
    expect(contentSecurityPolicy('')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " + "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('builds the CSP with the API origin in img-src and connect-src', () => {
    const csp = contentSecurityPolicy('https://api.example.com/v1/');
    expect(csp).toContain("img-src 'self' data: https://api.example.com;");
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
    expect(contentSecurityPolicy('api.example.com:8443')).toContain("connect-src 'self' api.example.com:8443;");
    expect(() => contentSecurityPolicy("https://x; script-src 'unsafe-inline'")).toThrow(/not an origin/);
  });

  it('allows the inline loader by the hash of its exact content, and no other inline script', () => {
    const page = '<script type="application/ld+json">{}</script><script>start()</script><script type="application/json" id="route-data">{}</script>';
    const hashes = inlineScriptHashes(page);
    // echo -n 'start()' | openssl dgst -sha256 -binary | base64
    expect(hashes).toEqual(["'sha256-DIm7WJS6ZKDYe5qFLPy+h4JFI9Bol5QmYC57mt3Fb00='"]);
    expect(contentSecurityPolicy('', hashes)).toContain(`script-src 'self' ${hashes[0]};`);
  });

  it('allows the speculation rules by their hash too: Chromium applies script-src to them', () => {
    const page = '<script>start()</script><script type="speculationrules">{}</script>';
    // echo -n '{}' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(page)).toEqual(["'sha256-DIm7WJS6ZKDYe5qFLPy+h4JFI9Bol5QmYC57mt3Fb00='", "'sha256-RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o='"]);
  });
});

describe('accepted encodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip;q=0.5', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0, gzip', ['gzip']],
    ['identity', []],
  ])('%j → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
