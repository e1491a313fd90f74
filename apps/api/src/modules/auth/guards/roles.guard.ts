import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { StaffRole } from '@store/contract';
import { ForbiddenError } from '../../../common/errors.js';
import type { AuthUser } from '../auth-user.js';
import { ROLES, ROLES_WHEN, type RolesWhenRule } from '../roles.decorator.js';

/**
 * Global: the one home of the role rule. A route marked {@link Roles} admits only the shop's people whose staff
 * role, as stored in the database (the JWT guard reads the user on every request; the token's claim is never
 * trusted), is listed on the route; a {@link RolesWhen} rule narrows that list for the requests it applies to.
 * Customers (no staff role) are refused every such route. Routes without {@link Roles} are not checked here.
 *
 * The roles (see StaffRole): owner, everything; staff, the catalogue, stock, orders and status moves, but no
 * refund, no cancellation and no people; read-only, the admin reads only.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const request = context.switchToHttp().getRequest<{ user?: AuthUser; body?: unknown; query?: unknown }>();
    const staffRole = request.user?.staffRole;
    if (!staffRole) throw new ForbiddenError('Admins only');
    if (!roles.includes(staffRole)) throw new ForbiddenError(`Your role (${staffRole}) does not allow this`);
    const rule = this.reflector.get<RolesWhenRule | undefined>(ROLES_WHEN, context.getHandler());
    if (rule?.applies(request) && !rule.roles.includes(staffRole)) {
      throw new ForbiddenError(`Your role (${staffRole}) does not allow you to ${rule.what}`);
    }
    return true;
  }
}
