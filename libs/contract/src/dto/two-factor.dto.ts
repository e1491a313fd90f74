import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from '../identity.js';
import {
  TWO_FACTOR_SIGNIN_EXPIRED,
  type TwoFactorCodeRequest,
  type TwoFactorDisableRequest,
  type TwoFactorSigninRequest,
} from '../two-factor.js';

// The codes' shapes and messages live here, not in two-factor.ts: only the forms and the API need them.
/** Six digits (spaces ignored). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Ten base32 letters and digits, shown as two groups of five (`abcde-fghij`); case, spaces and the hyphen ignored. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

export const TWO_FACTOR_CODE_FORMAT = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes';
export const TOTP_CODE_FORMAT = 'Enter the 6-digit code from your authenticator app';
/** Spaces anywhere are dropped (apps show "123 456") and letters lower-cased (recovery codes typed back by hand). */
const compact = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value);

/** An app's code or a recovery code. */
const ANY_CODE = new RegExp(`(${TOTP_CODE_PATTERN.source})|(${RECOVERY_CODE_PATTERN.source})`);

export class TwoFactorSigninDto implements TwoFactorSigninRequest {
  // A signed token (three base64url parts): anything else is not a challenge this API issued.
  @IsString({ message: TWO_FACTOR_SIGNIN_EXPIRED })
  @MaxLength(2048, { message: TWO_FACTOR_SIGNIN_EXPIRED })
  @Matches(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { message: TWO_FACTOR_SIGNIN_EXPIRED })
  challenge!: string;

  @Transform(compact)
  @IsString({ message: TWO_FACTOR_CODE_FORMAT })
  @Matches(ANY_CODE, { message: TWO_FACTOR_CODE_FORMAT })
  code!: string;
}

export class TwoFactorCodeDto implements TwoFactorCodeRequest {
  @Transform(compact)
  @IsString({ message: TOTP_CODE_FORMAT })
  @Matches(TOTP_CODE_PATTERN, { message: TOTP_CODE_FORMAT })
  code!: string;
}

export class TwoFactorDisableDto implements TwoFactorDisableRequest {
  @IsString({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX, { message: 'Password is not right' })
  password!: string;

  @Transform(compact)
  @IsString({ message: TWO_FACTOR_CODE_FORMAT })
  @Matches(ANY_CODE, { message: TWO_FACTOR_CODE_FORMAT })
  code!: string;
}
