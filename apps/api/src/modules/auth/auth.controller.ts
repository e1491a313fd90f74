import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ExtractJwt } from 'passport-jwt';
import { ApiRoute, type MessageResponse, type Session, type SigninResponse, type User } from '@store/contract';
import type { Request, Response } from 'express';
import { clientNetwork } from '../../common/client-network.js';
import type { AuthUser } from './auth-user.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from './current-user.decorator.js';
import { DEVICE_COOKIE, DeviceCookies, readCookie } from './device-cookie.js';
import { SigninDto } from '@store/contract/dto/signin.dto';
import { SignupDto } from '@store/contract/dto/signup.dto';
import { TwoFactorSigninDto } from '@store/contract/dto/two-factor.dto';
import { Public } from './public.decorator.js';
import { AuthRateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { BeforeTwoFactorEnrolment } from './two-factor/before-enrolment.decorator.js';

/** The token is read as the JWT strategy reads it: `Bearer` in any case (RFC 7235's schemes are case-insensitive). */
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly devices: DeviceCookies,
  ) {}

  @Post(ApiRoute.signup)
  @Public()
  @UseGuards(AuthRateLimitGuard)
  signup(@Body() body: SignupDto): Promise<User> {
    return this.auth.signup(body);
  }

  @Post(ApiRoute.signin)
  @Public()
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  async signin(@Body() body: SigninDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SigninResponse> {
    const answer = await this.auth.signin(body, {
      network: clientNetwork(request.ip),
      deviceCookie: readCookie(request.headers.cookie, DEVICE_COOKIE),
    });
    if (answer.deviceCookie) response.cookie(DEVICE_COOKIE, answer.deviceCookie, this.devices.options());
    return answer.response;
  }

  /** The second step of a sign-in with two-factor on (the device cookie's path covers it: it is under /signin). */
  @Post(ApiRoute.signinTwoFactor)
  @Public()
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  async signinTwoFactor(
    @Body() body: TwoFactorSigninDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Session> {
    const { session, deviceCookie } = await this.auth.signinTwoFactor(body, { network: clientNetwork(request.ip) });
    response.cookie(DEVICE_COOKIE, deviceCookie, this.devices.options());
    return session;
  }

  /** Public so a browser with an expired token can still sign out; a presented valid token is revoked. */
  @Get(ApiRoute.signout)
  @Public()
  async signout(@Req() request: Request): Promise<MessageResponse> {
    await this.auth.signout(bearerToken(request) ?? undefined);
    return { message: 'Signed out' };
  }

  /** Ends every session of the signed-in user, on every device, this one included. */
  @Post(ApiRoute.signoutEverywhere)
  @HttpCode(200)
  @BeforeTwoFactorEnrolment()
  async signoutEverywhere(@CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.auth.signoutEverywhere(user.id);
    return { message: 'Signed out everywhere' };
  }
}
