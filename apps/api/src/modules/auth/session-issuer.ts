import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Role, Session, StaffRole } from '@store/contract';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { UsersService } from '../users/users.service.js';
import type { JwtPayload } from './auth-user.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';

/**
 * Signs sessions: the one place a token is made, for sign-in and for the changes that end a member's other sessions
 * and hand the browser that made them a new one (a password change, two-factor turned on or off).
 */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly twoFactor: TwoFactorRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new token for the user as they are now (their current session version). */
  async sessionFor(user: {
    id: string;
    name: string;
    email: string;
    role: Role;
    staffRole?: StaffRole | null;
    sessionVersion: number;
  }): Promise<Session> {
    const payload: JwtPayload = { sub: user.id, role: user.role, jti: randomUUID(), sv: user.sessionVersion };
    const token = await this.jwt.signAsync(payload, { expiresIn: this.config.jwtExpiresInSeconds });
    const session: Session = { token, user: this.users.toUser(user) };
    // Tells the web app to open the enrolment page: the token reaches nothing else until then (TwoFactorEnrolmentGuard).
    if (this.config.twoFactor.mode === 'required' && user.staffRole && !(await this.twoFactor.find(user.id))?.enabled) {
      session.twoFactorEnrolmentRequired = true;
    }
    return session;
  }
}
