// @vitest-environment node
/** TRUST_PROXY: whose word the server takes for the visitor's address. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from '../../server/http/client-address.ts';

const request = (peer: string, forwardedFor?: string) => ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('takes the socket peer and ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), parseTrustProxy(''))).toBe('203.0.113.9');
    expect(clientAddress(request('::ffff:203.0.113.9'), parseTrustProxy('false'))).toBe('203.0.113.9');
  });

  it('counts hops from this server outwards', () => {
    const req = request('10.0.0.2', '198.51.100.7, 203.0.113.5, 10.0.0.1');
    expect(clientAddress(req, parseTrustProxy('1'))).toBe('10.0.0.1');
    expect(clientAddress(req, parseTrustProxy('2'))).toBe('203.0.113.5');
    expect(clientAddress(req, parseTrustProxy('3'))).toBe('198.51.100.7');
    // More hops than the chain has: the farthest address, never nothing.
    expect(clientAddress(req, parseTrustProxy('9'))).toBe('198.51.100.7');
  });

  it('walks past trusted proxies only, so a visitor cannot forge an address by sending the header', () => {
    const trust = parseTrustProxy('10.0.0.0/8, ::1');
    expect(clientAddress(request('10.1.2.3', '198.51.100.7, 203.0.113.5'), trust)).toBe('203.0.113.5');
    expect(clientAddress(request('::1', '203.0.113.5'), trust)).toBe('203.0.113.5');
    // The peer itself is not a trusted proxy: its forged header is ignored.
    expect(clientAddress(request('203.0.113.66', '1.2.3.4'), trust)).toBe('203.0.113.66');
    // Garbage in the header is skipped.
    expect(clientAddress(request('10.1.2.3', 'not-an-ip, 198.51.100.8'), trust)).toBe('198.51.100.8');
  });

  it('refuses a TRUST_PROXY it cannot read, saying what it takes', () => {
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/is not an IP address or CIDR range; write a hop count/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/prefix length/);
  });
});
