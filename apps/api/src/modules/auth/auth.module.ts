import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { AuditModule } from '../audit/audit.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DeviceCookies } from './device-cookie.js';
import { JwtAuthGuard } from './guards/jwt-auth.guard.js';
import { RolesGuard } from './guards/roles.guard.js';
import { TwoFactorEnrolmentGuard } from './guards/two-factor-enrolment.guard.js';
import { UserParamGuard } from './guards/user-param.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordsController } from './passwords.controller.js';
import { PasswordsService } from './passwords.service.js';
import { AccountLinks } from './account-links.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { EmailVerificationController } from './email-verification.controller.js';
import { EmailVerificationService } from './email-verification.service.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { GuestCheckoutLimits } from './rate-limit/guest-checkout-limits.js';
import { RateLimitRepository } from './rate-limit/rate-limit.repository.js';
import { SigninLimits } from './rate-limit/signin-limits.js';
import { TwoFactorLimits } from './rate-limit/two-factor-limits.js';
import { RevokedTokensRepository } from './revoked-tokens.repository.js';
import { SessionIssuer } from './session-issuer.js';
import { Totp } from './two-factor/totp.js';
import { TwoFactorChallenges } from './two-factor/two-factor-challenges.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

@Module({
  imports: [
    UsersModule,
    NotificationsModule,
    AuditModule,
    OrdersModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController, PasswordsController, EmailVerificationController, TwoFactorController],
  providers: [
    AuthService,
    PasswordHasher,
    JwtStrategy,
    AdminBootstrap,
    RateLimitRepository,
    RevokedTokensRepository,
    AuthRateLimitGuard,
    SigninLimits,
    GuestCheckoutLimits,
    DeviceCookies,
    PasswordsService,
    AccountTokensRepository,
    AccountLinks,
    EmailVerificationService,
    Totp,
    TwoFactorRepository,
    TwoFactorLimits,
    TwoFactorChallenges,
    TwoFactorService,
    SessionIssuer,
    // Order matters: who you are (401), then whether your two-factor set-up is due (403), then whose path it is
    // (403), then what your role allows (403).
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: TwoFactorEnrolmentGuard },
    { provide: APP_GUARD, useClass: UserParamGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  // The rate-limit repository: other modules' routes that check a password use AuthRateLimitGuard too.
  exports: [AuthService, PasswordHasher, TwoFactorService, RateLimitRepository, GuestCheckoutLimits],
})
export class AuthModule {}
