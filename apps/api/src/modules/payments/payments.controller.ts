import { Body, Controller, Get, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiRoute,
  type ClientTokenResponse,
  type ErrorBody,
  type GuestPaymentResult,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type PaymentDeclined,
  type PaymentRequest,
  type PaymentResult,
} from '@store/contract';
import type { Request, Response } from 'express';
import { clientNetwork } from '../../common/client-network.js';
import { ValidationFailedError } from '../../common/errors.js';
import { WellFormedBodyPipe } from '../../common/validation.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { CurrentPaymentAttempt, type PaymentAttempt, PaymentRateLimit } from '../auth/rate-limit/payment-rate-limit.decorator.js';
import { GuestPaymentRequestDto, PaymentRequestDto, wellFormedPaymentRequest } from '@store/contract/dto/payment-request.dto';
import { PaymentsService } from './payments.service.js';

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** The buyer's routes have their userId checked against the token by the global guard; the guest's are public. */
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get(ApiRoute.paymentToken)
  token(): Promise<ClientTokenResponse> {
    return this.payments.clientToken();
  }

  /** The card form's token for a guest (no account): the same as a buyer's. */
  @Public()
  @Get(ApiRoute.guestPaymentToken)
  guestToken(): Promise<ClientTokenResponse> {
    return this.payments.clientToken();
  }

  /**
   * A guest's payment (docs/payments.md, "Guest checkout"): the same answers as a buyer's, a paid one with the order
   * link's token; 429 past the limit per client network or per e-mail.
   */
  @Public()
  @Post(ApiRoute.guestPayment)
  @HttpCode(200)
  async guestPay(
    @Body() body: GuestPaymentRequestDto,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<GuestPaymentResult | PaymentDeclined | ErrorBody> {
    checkKey(idempotencyKey);
    const answer = await this.payments.payAsGuest(body.paymentInfo, clientNetwork(request.ip), idempotencyKey);
    response.status(answer.status);
    return answer.body;
  }

  /**
   * 200 paid, 402 declined, 409 cart refused, 502 provider failure: each an answer value, replayed as-is on retry. The
   * body is PaymentRequestDto's, its common form checked by hand (`wellFormedPaymentRequest`), the rest by the DTO.
   */
  @Post(ApiRoute.payment)
  @PaymentRateLimit()
  @HttpCode(200)
  async pay(
    @CurrentUser() user: AuthUser,
    @Body(new WellFormedBodyPipe(PaymentRequestDto, wellFormedPaymentRequest)) body: PaymentRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @CurrentPaymentAttempt() attempt: PaymentAttempt,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PaymentResult | PaymentDeclined | ErrorBody> {
    checkKey(idempotencyKey);
    const answer = await this.payments.pay(user, body.paymentInfo, idempotencyKey, attempt);
    response.status(answer.status);
    return answer.body;
  }
}

/** 400 for an Idempotency-Key that is not 1 to IDEMPOTENCY_KEY_MAX_LENGTH printable characters. */
function checkKey(idempotencyKey: string | undefined): void {
  if (idempotencyKey !== undefined && !KEY_PATTERN.test(idempotencyKey)) {
    throw new ValidationFailedError(`${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters`, [
      { field: IDEMPOTENCY_KEY_HEADER, message: 'invalid' },
    ]);
  }
}
