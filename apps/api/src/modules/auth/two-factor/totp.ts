import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import { SecretBox } from './secret-box.js';

/** One step either side of now (30 s each): a phone's clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * TOTP (RFC 6238: SHA-1, six digits, 30-second steps, what every authenticator app reads) through otplib, and the
 * secret's encryption at rest ({@link SecretBox}: AES-256-GCM with a key derived from TWO_FACTOR_KEY, or JWT_SECRET
 * when that is unset), so a copy of the database alone does not give the secrets away.
 */
@Injectable()
export class Totp {
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.box = new SecretBox(config.twoFactor.key, config.twoFactor.previousKey);
  }

  /** A new secret (20 random bytes, base32) and the otpauth:// URI an app scans, labelled with the shop and the member. */
  newSecret(email: string): { secret: string; otpauthUrl: string } {
    const secret = generateSecret();
    return { secret, otpauthUrl: generateURI({ issuer: this.config.mail.shopName, label: email, secret }) };
  }

  /**
   * The time step of `code` when it is right for `secret` now (one step of tolerance) and later than `afterTimeStep`
   * (a code already used, or an older one, is refused); undefined otherwise.
   */
  async timeStepOf(secret: string, code: string, afterTimeStep: number | null): Promise<number | undefined> {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    // The TOTP strategy's result carries the matched time step (HOTP's, in the same union type, a counter delta).
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  encrypt(secret: string): Buffer {
    return this.box.encrypt(secret);
  }

  decrypt(stored: Buffer): string {
    return this.box.decrypt(stored);
  }

  /** Ten recovery codes, 50 random bits each, as `abcde-fghij` (each of 32 letters from a byte: 256 = 8 x 32, no bias). */
  newRecoveryCodes(count: number): string[] {
    return Array.from({ length: count }, () => {
      const letters = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
      return `${letters.slice(0, 5)}-${letters.slice(5)}`;
    });
  }
}

/** What is stored of a recovery code: the SHA-256 of its letters, hyphen and case aside (they are random, so unsalted is enough). */
export function recoveryCodeHash(code: string): Buffer {
  return createHash('sha256').update(code.replace(/[-\s]/g, '').toLowerCase()).digest();
}
