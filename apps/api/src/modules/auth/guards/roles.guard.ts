import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@store/contract';
import { ForbiddenError } from '../../../common/errors.js';
import type { AuthUser } from '../auth-user.js';
import { ROLES } from '../roles.decorator.js';

/** Global: a route marked {@link Roles} admits only users whose role, as stored in the database, is listed. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !roles.includes(user.role)) throw new ForbiddenError('Admins only');
    return true;
  }
}
