import type { MailTestRequest } from '../mail.js';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';
import { trim } from './text-rules.js';

export class MailTestDto implements MailTestRequest {
  @IsOptional()
  @Transform(trim)
  @IsEmail({}, { message: 'To must be a valid email address' })
  @MaxLength(254, { message: 'To must be at most 254 characters' })
  to?: string;
}
