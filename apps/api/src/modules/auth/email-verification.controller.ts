import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiRoute, EMAIL_CHANGE_REQUESTED, EMAIL_VERIFICATION_SENT, EMAIL_VERIFIED, type MessageResponse } from '@store/contract';
import { EmailChangeDto, EmailVerificationDto } from '@store/contract/dto/account.dto';
import type { AuthUser } from './auth-user.js';
import { CurrentUser } from './current-user.decorator.js';
import { EmailVerificationService } from './email-verification.service.js';
import { Public } from './public.decorator.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';

@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** The mailed link's page posts its token here; no session needed (the link may be opened on another device). */
  @Post(ApiRoute.emailVerify)
  @Public()
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  async verify(@Body() body: EmailVerificationDto): Promise<MessageResponse> {
    await this.verification.verify(body.token);
    return { message: EMAIL_VERIFIED };
  }

  /** "Send again". */
  @Post(ApiRoute.emailVerification)
  @HttpCode(202)
  async resend(@CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.verification.resend(user.id);
    return { message: EMAIL_VERIFICATION_SENT };
  }

  /** The same answer whether or not another account has the new address (checked when the link is followed). */
  @Post(ApiRoute.emailChange)
  @HttpCode(202)
  @UseGuards(AuthRateLimitGuard)
  async change(@Body() body: EmailChangeDto, @CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.verification.requestChange(user.id, body.email, body.currentPassword);
    return { message: EMAIL_CHANGE_REQUESTED };
  }
}
