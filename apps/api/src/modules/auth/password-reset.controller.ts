import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiRoute, type MessageResponse, PASSWORD_RESET_DONE, PASSWORD_RESET_REQUESTED } from '@store/contract';
import { PasswordForgotDto, PasswordResetDto } from './dto/password-reset.dto.js';
import { PasswordResetService } from './password-reset.service.js';
import { Public } from './public.decorator.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';

@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

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
}
