import { STAFF_ROLES, type StaffRole } from '../identity.js';
import type { InviteStaffRequest } from '../staff.js';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, MaxLength } from 'class-validator';
import { NoControlCharacters, trimLowerCase } from './text-rules.js';

export class InviteStaffDto implements InviteStaffRequest {
  @Transform(trimLowerCase)
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @NoControlCharacters({ message: 'Email must not contain control characters' })
  email!: string;

  @IsIn(STAFF_ROLES, { message: `staffRole must be one of ${STAFF_ROLES.join(', ')}` })
  staffRole!: StaffRole;
}
