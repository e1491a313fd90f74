import { STAFF_ROLES, type StaffRole } from '../identity.js';
import type { ChangeStaffRoleRequest } from '../staff.js';
import { IsIn } from 'class-validator';

export class ChangeStaffRoleDto implements ChangeStaffRoleRequest {
  @IsIn(STAFF_ROLES, { message: `staffRole must be one of ${STAFF_ROLES.join(', ')}` })
  staffRole!: StaffRole;
}
