import { type ChangeStaffRoleRequest, STAFF_ROLES, type StaffRole } from '@store/contract';
import { IsIn } from 'class-validator';

export class ChangeStaffRoleDto implements ChangeStaffRoleRequest {
  @IsIn(STAFF_ROLES, { message: `staffRole must be one of ${STAFF_ROLES.join(', ')}` })
  staffRole!: StaffRole;
}
