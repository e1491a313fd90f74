import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { API_PREFIX, ApiRoute } from '@store/contract';
import type { CookieOptions } from 'express';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';

/** The cookie's name, and how long a browser stays known after its last successful sign-in (180 days). */
export const DEVICE_COOKIE = 'device';
const MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * "This browser signed in to this account before": set on every successful sign-in, sent back on the next one.
 * Its value is a random id and an HMAC (keyed from JWT_SECRET) over the id and the account's e-mail address, so it
 * cannot be forged or moved to another account. A sign-in that brings a valid one is limited per device rather than
 * per network and skips the account-wide slowdown: an attacker guessing the password elsewhere, or behind the
 * same address, cannot keep the owner's browser out. HttpOnly (no script reads it), SameSite=Strict (no other site
 * makes the browser send it), Secure in production, and sent only to the sign-in route.
 */
@Injectable()
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('device-cookie').digest();
  }

  /** A cookie value for a browser that just signed in to `email` (keeping its id when it had one). */
  issue(email: string, deviceId?: string): string {
    const id = deviceId ?? randomBytes(16).toString('base64url');
    return `${id}.${this.mac(id, email)}`;
  }

  /** The device id of a cookie value issued for `email`, or undefined for a missing, forged or other account's one. */
  verify(value: string | undefined, email: string): string | undefined {
    if (!value) return undefined;
    const [id, mac, ...rest] = value.split('.');
    if (!id || !mac || rest.length > 0) return undefined;
    const expected = Buffer.from(this.mac(id, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  options(): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.nodeEnv === 'production',
      path: `${API_PREFIX}${ApiRoute.signin}`,
      maxAge: MAX_AGE_MS,
    };
  }

  private mac(id: string, email: string): string {
    return createHmac('sha256', this.key).update(`${id}\n${email}`).digest('base64url');
  }
}

/** The value of one cookie in a request's Cookie header (no library: one name, no decoding needed). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
