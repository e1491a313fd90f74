import { AUDIT_LIST_LIMIT_MAX, type AuditQuery } from '../audit.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

export class AuditQueryDto implements AuditQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be between 1 and ${AUDIT_LIST_LIMIT_MAX}` })
  @Max(AUDIT_LIST_LIMIT_MAX, { message: `limit must be between 1 and ${AUDIT_LIST_LIMIT_MAX}` })
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;

  @IsOptional()
  @IsUUID('all', { message: 'entity must be an id' })
  entity?: string;

  @IsOptional()
  @IsUUID('all', { message: 'actor must be a user id' })
  actor?: string;
}
