import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';
import { PASSWORD_MAX, PASSWORD_MIN } from '../identity.js';
import type { PasswordChange, PasswordResetConfirmation, PasswordResetRequest } from '../password-reset.js';
import { NoControlCharacters, trimLowerCase } from './text-rules.js';

export class PasswordForgotDto implements PasswordResetRequest {
  @Transform(trimLowerCase)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;
}

export class PasswordResetDto implements PasswordResetConfirmation {
  // 32 random bytes in base64url: anything else cannot be a link this shop sent.
  @IsString({ message: 'Token is required' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'Token is not a password reset token' })
  token!: string;

  @IsString({ message: 'Password is required' })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` })
  @NoControlCharacters({ message: 'Password must not contain control characters' })
  password!: string;
}

export class PasswordChangeDto implements PasswordChange {
  @IsString({ message: 'Current password is required' })
  @MaxLength(PASSWORD_MAX, { message: 'Current password is not right' })
  currentPassword!: string;

  @IsString({ message: 'Password is required' })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` })
  @NoControlCharacters({ message: 'Password must not contain control characters' })
  password!: string;
}
