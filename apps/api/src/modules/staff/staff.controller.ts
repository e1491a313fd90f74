import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import {
  ApiRoute,
  type DeletedResponse,
  type MessageResponse,
  type StaffInvitation,
  type StaffList,
  type StaffMember,
  StaffRole,
  type User,
} from '@store/contract';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { AcceptInvitationDto } from '@store/contract/dto/accept-invitation.dto';
import { ChangeStaffRoleDto } from '@store/contract/dto/change-staff-role.dto';
import { InviteStaffDto } from '@store/contract/dto/invite-staff.dto';
import { TwoFactorService } from '../auth/two-factor/two-factor.service.js';
import { StaffService } from './staff.service.js';

/** The shop's people: the owner's screen, and the invitee's answer to an invitation. */
@Controller()
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Roles(StaffRole.Owner)
  @Get(ApiRoute.staff)
  list(): Promise<StaffList> {
    return this.staff.list();
  }

  @Roles(StaffRole.Owner)
  @Post(ApiRoute.staffInvite)
  invite(@Body() body: InviteStaffDto, @CurrentUser() owner: AuthUser): Promise<StaffInvitation> {
    return this.staff.invite(owner, body);
  }

  @Roles(StaffRole.Owner)
  @Put(ApiRoute.staffMember)
  changeRole(
    @UuidParam('staffId') staffId: string,
    @Body() body: ChangeStaffRoleDto,
    @CurrentUser() owner: AuthUser,
  ): Promise<StaffMember> {
    return this.staff.changeRole(owner, staffId, body.staffRole);
  }

  @Roles(StaffRole.Owner)
  @Delete(ApiRoute.staffMember)
  remove(@UuidParam('staffId') staffId: string, @CurrentUser() owner: AuthUser): Promise<DeletedResponse> {
    return this.staff.remove(owner, staffId);
  }

  /** Resets a member's two-factor sign-in (a lost phone): audited, and their sessions end. */
  @Roles(StaffRole.Owner)
  @Delete(ApiRoute.staffTwoFactorReset)
  resetTwoFactor(@UuidParam('staffId') staffId: string, @CurrentUser() owner: AuthUser): Promise<MessageResponse> {
    return this.twoFactor.reset(owner, staffId);
  }

  /** No session: the e-mailed link's token is the invitee's proof. Answers the new member's user (201). */
  @Public()
  @Post(ApiRoute.staffAccept)
  accept(@Body() body: AcceptInvitationDto): Promise<User> {
    return this.staff.accept(body);
  }
}
