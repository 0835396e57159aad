/**
 * Passwords are kept only as scrypt hashes (memory-hard, in Node's own crypto), each with its own salt and the
 * cost it was made with, so the cost can rise later without breaking the stored ones.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** 128 MiB and about a third of a second a hash on this class of machine: the OWASP figure for scrypt. */
const COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 32;
export const MIN_PASSWORD_LENGTH = 12;

function scrypt(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) => scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, verified for an unknown e-mail so that it costs what a wrong password costs. */
export const NO_USER_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_BYTES, 1).toString('base64url')}`;

/** Why a new password is refused, or undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters (a few words make a good one).`;
  if (password.length > 1024) return 'The password is too long: use at most 1,024 characters.';
  return undefined;
}
