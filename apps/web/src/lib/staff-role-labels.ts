import type { StaffRole } from '@store/contract';

/** The staff roles as the screens name them. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff', 'read-only': 'Read-only' };
