import { SetMetadata } from '@nestjs/common';
import type { StaffRole } from '@store/contract';

export const ROLES = 'roles';
export const ROLES_WHEN = 'roles-when';

/**
 * Narrows a route to the shop's people whose staff role, read from the database on every request, is listed
 * (see RolesGuard). Customers are refused any route that carries it.
 */
export const Roles = (...roles: StaffRole[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, roles);

/** A request that asks for more than the route's usual business (a status move that is a cancellation, so a refund). */
export interface RolesWhenRule {
  /** Looks at the raw request (before validation): the JSON body, the query. */
  applies: (request: { body?: unknown; query?: unknown }) => boolean;
  /** Who may make such a request: a subset of the route's {@link Roles}. */
  roles: StaffRole[];
  /** What such a request is, for the refusal ("cancel an order"). */
  what: string;
}

/** Narrows {@link Roles} further for the requests `rule.applies` to; checked by RolesGuard with the rest. */
export const RolesWhen = (rule: RolesWhenRule): MethodDecorator => SetMetadata(ROLES_WHEN, rule);
