import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';
import type { AccountDeletion, EmailChange, EmailVerification, NameChange } from '../account.js';
import { PASSWORD_MAX, USER_NAME_MAX, USER_NAME_MIN } from '../identity.js';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, trim, trimLowerCase } from './text-rules.js';

export class EmailVerificationDto implements EmailVerification {
  // 32 random bytes in base64url: anything else cannot be a link this shop sent.
  @IsString({ message: 'Token is required' })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'Token is not an e-mail verification token' })
  token!: string;
}

export class EmailChangeDto implements EmailChange {
  @Transform(trimLowerCase)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @NoControlCharacters({ message: 'Email must not contain control characters' })
  email!: string;

  @IsString({ message: 'Current password is required' })
  @MaxLength(PASSWORD_MAX, { message: 'Current password is not right' })
  currentPassword!: string;
}

export class NameChangeDto implements NameChange {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @Length(USER_NAME_MIN, USER_NAME_MAX, { message: `Name must be ${USER_NAME_MIN} to ${USER_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'Name must not contain control characters' })
  @HasVisibleCharacter({ message: 'Name must contain a visible character' })
  @NoBidiControls({ message: 'Name must not contain characters that change the text direction' })
  name!: string;
}

export class AccountDeletionDto implements AccountDeletion {
  @IsString({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX, { message: 'Password is not right' })
  password!: string;
}
