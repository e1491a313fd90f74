import { SetMetadata } from '@nestjs/common';

export const BEFORE_TWO_FACTOR_ENROLMENT = 'beforeTwoFactorEnrolment';

/**
 * Opens a route to one of the staff who has not set up two-factor sign-in where the shop requires it
 * (ADMIN_2FA=required; see TwoFactorEnrolmentGuard): the two-factor routes themselves and signing out.
 */
export const BeforeTwoFactorEnrolment = (): MethodDecorator & ClassDecorator => SetMetadata(BEFORE_TWO_FACTOR_ENROLMENT, true);
