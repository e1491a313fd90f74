import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The TOTP secrets' encryption at rest: AES-256-GCM (a random 12-byte IV and the 16-byte tag stored before the
 * ciphertext) with a key derived by HKDF from the key material (TWO_FACTOR_KEY, else JWT_SECRET). During a rotation
 * (TWO_FACTOR_KEY_PREVIOUS) it also reads what the previous key wrote; it always writes under the current one.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previous: Buffer | undefined;

  constructor(keyMaterial: string, previousKeyMaterial?: string) {
    this.key = deriveKey(keyMaterial);
    this.previous = previousKeyMaterial === undefined ? undefined : deriveKey(previousKeyMaterial);
  }

  encrypt(secret: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** The secret, under the current key or the previous one; throws when neither wrote it (the tag does not match). */
  decrypt(stored: Buffer): string {
    return this.read(stored).secret;
  }

  /** The secret and whether it is under the current key (false: the previous one's, to be written again). */
  read(stored: Buffer): { secret: string; current: boolean } {
    try {
      return { secret: open(this.key, stored), current: true };
    } catch (error) {
      if (!this.previous) throw error;
      return { secret: open(this.previous, stored), current: false };
    }
  }
}

function deriveKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'tshirt-store', 'two-factor-secret', 32));
}

function open(key: Buffer, stored: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]).toString('utf8');
}
