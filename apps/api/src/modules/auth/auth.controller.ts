import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiRoute, type MessageResponse, type Session, type User } from '@store/contract';
import type { Request } from 'express';
import { AuthService } from './auth.service.js';
import { SigninDto } from '@store/contract/dto/signin.dto';
import { SignupDto } from '@store/contract/dto/signup.dto';
import { Public } from './public.decorator.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';

@Controller()
@Public()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post(ApiRoute.signup)
  @UseGuards(AuthRateLimitGuard)
  signup(@Body() body: SignupDto): Promise<User> {
    return this.auth.signup(body);
  }

  @Post(ApiRoute.signin)
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  signin(@Body() body: SigninDto): Promise<Session> {
    return this.auth.signin(body);
  }

  /** Public so a browser with an expired token can still sign out; a presented valid token is revoked. */
  @Get(ApiRoute.signout)
  async signout(@Req() request: Request): Promise<MessageResponse> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    await this.auth.signout(token);
    return { message: 'Signed out' };
  }
}
