import type { PipeTransform } from '@nestjs/common';
import type { QuoteRequest } from '@store/contract';
import { type GuestQuoteRequestDto, type QuoteRequestDto, wellFormedQuoteRequest } from '@store/contract/dto/quote-request.dto';
import { createValidationPipe } from '../../common/validation.js';

/**
 * The quote's body (the hot path `POST /checkout/quote`, docs/performance.md): the common body is taken by the
 * contract's hand-written check of the DTO's rules (`wellFormedQuoteRequest`, a few microseconds), anything else is
 * validated against the DTO by the global pipe's own validation (the same options), so a refusal is word for word
 * what the DTO answers. The route's body is typed by its interface, so the global pipe leaves it to this one (it
 * validates classes only); the global text check still runs first. `quote-body.pipe.spec.ts` holds both ways to the
 * same answers.
 */
export class QuoteBodyPipe<T extends QuoteRequest> implements PipeTransform<unknown, Promise<T>> {
  private readonly validation = createValidationPipe();

  constructor(private readonly dto: typeof QuoteRequestDto | typeof GuestQuoteRequestDto) {}

  async transform(value: unknown): Promise<T> {
    return ((wellFormedQuoteRequest(value) as T | undefined) ??
      (await this.validation.transform(value, { type: 'body', metatype: this.dto, data: undefined }))) as T;
  }
}
