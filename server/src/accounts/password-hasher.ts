import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended cost (19 MiB, 2 passes). */
/** `algorithm: 2` is Argon2id (the library's enum is const-only, unusable with isolated modules). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** A hash of a known password, so a login for an unknown member costs as much as for a known one. */
  private readonly decoy = hash('not-a-real-password', OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  /** With no hash (no such member) the work is still done, and the answer is no. */
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await verify(passwordHash ?? (await this.decoy), password);
      return passwordHash !== null && matches;
    } catch {
      return false;
    }
  }
}
