import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { refuseCommonPassword } from './common-passwords.js';

/**
 * argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane): about 25 ms here, computed on libuv's
 * thread pool so the event loop keeps serving while a password is checked.
 */
@Injectable()
export class PasswordHasher {
  private static readonly options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
  /** Checked against when the email is unknown, so a wrong email costs the same time as a wrong password. */
  private decoy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, PasswordHasher.options);
  }

  /** The hash of a password someone chose just now: one on the common list is refused first (400 naming `password`). */
  hashNew(password: string): Promise<string> {
    refuseCommonPassword(password);
    return this.hash(password);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (hash === undefined) {
      this.decoy ??= this.hash('decoy-password-for-unknown-emails');
      await argon2.verify(await this.decoy, password);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
