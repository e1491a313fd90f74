import type { SigninRequest } from '../identity.js';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NoControlCharacters, trimLowerCase } from './text-rules.js';

export class SigninDto implements SigninRequest {
  @Transform(trimLowerCase)
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @NoControlCharacters({ message: 'Email must not contain control characters' })
  email!: string;

  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @NoControlCharacters({ message: 'Password must not contain control characters' })
  password!: string;
}
