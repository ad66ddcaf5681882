import { hash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits) for a cookie or a link, and the hash under which it is stored. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** One call, no Hash object: a session's cookie is hashed on every request that carries it. */
export function hashToken(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}
