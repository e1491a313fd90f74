import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError, UnauthenticatedError } from '../../../common/errors.js';
import type { AuthUser } from '../auth-user.js';
import { IS_PUBLIC } from '../public.decorator.js';

/**
 * Global: every route needs a valid bearer token unless marked {@link Public}.
 * Token failures are 401 with a message saying why (missing, expired, invalid, revoked).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error instanceof AppError) throw error;
    // Passport hands over what the token check threw: a database that cannot answer while it looks the user up
    // (an outage, a replica shutting down) is the store's failure (503/500), never a reason to sign the user out.
    if (error) throw error;
    if (!user) throw new UnauthenticatedError(describe(info));
    return user;
  }
}

function describe(info: unknown): string {
  const name = info instanceof Error ? info.name : undefined;
  const message = info instanceof Error ? info.message : undefined;
  if (name === 'TokenExpiredError') return 'Your session has expired; sign in again';
  if (message === 'No auth token') return 'Sign in to continue';
  return 'Your session is not valid; sign in again';
}
