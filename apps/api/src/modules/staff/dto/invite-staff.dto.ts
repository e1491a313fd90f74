import { type InviteStaffRequest, STAFF_ROLES, type StaffRole } from '@store/contract';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, MaxLength } from 'class-validator';
import { NoControlCharacters } from '../../../common/text-rules.js';

export class InviteStaffDto implements InviteStaffRequest {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @NoControlCharacters({ message: 'Email must not contain control characters' })
  email!: string;

  @IsIn(STAFF_ROLES, { message: `staffRole must be one of ${STAFF_ROLES.join(', ')}` })
  staffRole!: StaffRole;
}
