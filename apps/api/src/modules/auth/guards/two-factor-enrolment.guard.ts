import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '@store/contract';
import { ForbiddenError } from '../../../common/errors.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/env.js';
import type { AuthUser } from '../auth-user.js';
import { BEFORE_TWO_FACTOR_ENROLMENT } from '../two-factor/before-enrolment.decorator.js';

/**
 * Global, after the JWT guard: with ADMIN_2FA=required, one of the staff whose two-factor sign-in is not on (read
 * with the user on every request, so turning it on opens everything at the next request) reaches only the routes
 * marked {@link BeforeTwoFactorEnrolment}; every other answers 403 saying so (code FORBIDDEN: one code per status, as
 * the metrics read them; the session's `twoFactorEnrolmentRequired` is what the web app acts on). Customers and
 * public routes are not concerned.
 */
@Injectable()
export class TwoFactorEnrolmentGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.twoFactor.mode !== 'required') return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user?.staffRole || user.twoFactorEnabled) return true;
    if (this.reflector.getAllAndOverride<boolean>(BEFORE_TWO_FACTOR_ENROLMENT, [context.getHandler(), context.getClass()])) return true;
    throw new ForbiddenError(TWO_FACTOR_ENROLMENT_REQUIRED);
  }
}
