import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits) for a cookie or a link, and the hash under which it is stored. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
