import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { StaffInvitationsRepository } from './staff-invitations.repository.js';
import { StaffController } from './staff.controller.js';
import { StaffService } from './staff.service.js';

/** The shop's people: invitations by e-mail, roles, removal (owners only; the roles guard holds the rule). */
@Module({
  imports: [UsersModule, AuthModule, AuditModule, NotificationsModule],
  controllers: [StaffController],
  providers: [StaffService, StaffInvitationsRepository],
})
export class StaffModule {}
