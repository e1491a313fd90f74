import { Body, Controller, Get, Headers, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiRoute,
  type ClientTokenResponse,
  type ErrorBody,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type PaymentDeclined,
  type PaymentResult,
} from '@store/contract';
import type { Response } from 'express';
import { ValidationFailedError } from '../../common/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { PaymentRateLimit } from '../auth/rate-limit/payment-rate-limit.guard.js';
import { PaymentRequestDto } from '@store/contract/dto/payment-request.dto';
import { PaymentsService } from './payments.service.js';

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** Both routes are the signed-in buyer's own (the path's userId is checked against the token by the global guard). */
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get(ApiRoute.paymentToken)
  token(): Promise<ClientTokenResponse> {
    return this.payments.clientToken();
  }

  /** 200 paid, 402 declined, 409 cart refused, 502 provider failure: each an answer value, replayed as-is on retry. */
  @Post(ApiRoute.payment)
  @PaymentRateLimit()
  @HttpCode(200)
  async pay(
    @CurrentUser() user: AuthUser,
    @Body() body: PaymentRequestDto,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PaymentResult | PaymentDeclined | ErrorBody> {
    if (idempotencyKey !== undefined && !KEY_PATTERN.test(idempotencyKey)) {
      throw new ValidationFailedError(`${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters`, [
        { field: IDEMPOTENCY_KEY_HEADER, message: 'invalid' },
      ]);
    }
    const answer = await this.payments.pay(user, body.paymentInfo, idempotencyKey);
    response.status(answer.status);
    return answer.body;
  }
}
