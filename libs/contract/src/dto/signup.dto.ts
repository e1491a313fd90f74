import { PASSWORD_MAX, PASSWORD_MIN, type SignupRequest, USER_NAME_MAX, USER_NAME_MIN } from '../identity.js';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, SingleScript, trim, trimLowerCase } from './text-rules.js';

export class SignupDto implements SignupRequest {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @Length(USER_NAME_MIN, USER_NAME_MAX, { message: `Name must be ${USER_NAME_MIN} to ${USER_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'Name must not contain control characters' })
  @HasVisibleCharacter({ message: 'Name must contain a visible character' })
  @NoBidiControls({ message: 'Name must not contain characters that change the text direction' })
  @SingleScript()
  name!: string;

  @Transform(trimLowerCase)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @NoControlCharacters({ message: 'Email must not contain control characters' })
  email!: string;

  @IsString({ message: 'Password is required' })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` })
  @NoControlCharacters({ message: 'Password must not contain control characters' })
  password!: string;
}
