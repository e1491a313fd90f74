import type { MailTestRequest } from '@store/contract';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';

export class MailTestDto implements MailTestRequest {
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'To must be a valid email address' })
  @MaxLength(254, { message: 'To must be at most 254 characters' })
  to?: string;
}
