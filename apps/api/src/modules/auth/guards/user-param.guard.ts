import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError, UnauthenticatedError } from '../../../common/errors.js';
import type { AuthUser } from '../auth-user.js';

/**
 * Global: on every route with a `:userId` path parameter, that id must be the signed-in user's own.
 * The one place this rule lives, so no handler has to remember it.
 */
@Injectable()
export class UserParamGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ params?: Record<string, string>; user?: AuthUser }>();
    const userId = request.params?.userId;
    if (userId === undefined) return true;
    if (!request.user) throw new UnauthenticatedError();
    // Case-insensitive, as UuidParam lower-cases: an upper-case spelling of one's own id is still one's own.
    if (request.user.id.toLowerCase() !== userId.toLowerCase()) throw new ForbiddenError('This path belongs to another user');
    return true;
  }
}
