import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiRoute, type MessageResponse, PASSWORD_RESET_DONE, PASSWORD_RESET_REQUESTED, type Session } from '@store/contract';
import type { AuthUser } from './auth-user.js';
import { CurrentUser } from './current-user.decorator.js';
import { PasswordChangeDto, PasswordForgotDto, PasswordResetDto } from '@store/contract/dto/password-reset.dto';
import { PasswordsService } from './passwords.service.js';
import { Public } from './public.decorator.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';

@Controller()
export class PasswordsController {
  constructor(private readonly resets: PasswordsService) {}

  /** 202 with the same message whether or not an account has the address. */
  @Post(ApiRoute.passwordForgot)
  @Public()
  @HttpCode(202)
  @UseGuards(AuthRateLimitGuard)
  async forgot(@Body() body: PasswordForgotDto): Promise<MessageResponse> {
    await this.resets.request(body.email);
    return { message: PASSWORD_RESET_REQUESTED };
  }

  @Post(ApiRoute.passwordReset)
  @Public()
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  async reset(@Body() body: PasswordResetDto): Promise<MessageResponse> {
    await this.resets.reset(body.token, body.password);
    return { message: PASSWORD_RESET_DONE };
  }

  /** The signed-in user's own password; answers a fresh session, since every earlier one (this one too) ends. */
  @Post(ApiRoute.passwordChange)
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  change(@Body() body: PasswordChangeDto, @CurrentUser() user: AuthUser): Promise<Session> {
    return this.resets.change(user, body.currentPassword, body.password);
  }
}
