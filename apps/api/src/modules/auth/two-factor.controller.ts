import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiRoute,
  StaffRole,
  type TwoFactorDisabled,
  type TwoFactorEnabled,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@store/contract';
import { TwoFactorCodeDto, TwoFactorDisableDto } from '@store/contract/dto/two-factor.dto';
import type { Request } from 'express';
import { clientNetwork } from '../../common/client-network.js';
import type { AuthUser } from './auth-user.js';
import { CurrentUser } from './current-user.decorator.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { Roles } from './roles.decorator.js';
import { BeforeTwoFactorEnrolment } from './two-factor/before-enrolment.decorator.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

const STAFF = [StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly];

/** The signed-in member's own two-factor sign-in (the `:userId` guard keeps each to their own). */
@Controller()
@BeforeTwoFactorEnrolment()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Get(ApiRoute.twoFactor)
  status(@CurrentUser() user: AuthUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user);
  }

  @Roles(...STAFF)
  @Post(ApiRoute.twoFactorEnrol)
  @HttpCode(200)
  enrol(@CurrentUser() user: AuthUser): Promise<TwoFactorEnrolment> {
    return this.twoFactor.enrol(user);
  }

  @Roles(...STAFF)
  @Post(ApiRoute.twoFactorConfirm)
  @HttpCode(200)
  confirm(@Body() body: TwoFactorCodeDto, @CurrentUser() user: AuthUser, @Req() request: Request): Promise<TwoFactorEnabled> {
    return this.twoFactor.confirm(user, body.code, clientNetwork(request.ip));
  }

  /** Open to whoever has it on, as turning it off is; the code must be the app's (TwoFactorCodeDto: six digits). */
  @Post(ApiRoute.twoFactorRecoveryCodes)
  @HttpCode(200)
  regenerateRecoveryCodes(
    @Body() body: TwoFactorCodeDto,
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
  ): Promise<TwoFactorRecoveryCodes> {
    return this.twoFactor.regenerateRecoveryCodes(user, body.code, clientNetwork(request.ip));
  }

  /** Open to whoever has it on (a member since made a customer too), with the password and a code. */
  @Post(ApiRoute.twoFactorDisable)
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  disable(@Body() body: TwoFactorDisableDto, @CurrentUser() user: AuthUser, @Req() request: Request): Promise<TwoFactorDisabled> {
    return this.twoFactor.disable(user, body.password, body.code, clientNetwork(request.ip));
  }
}
