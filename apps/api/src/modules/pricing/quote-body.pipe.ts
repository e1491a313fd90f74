import type { QuoteRequest } from '@store/contract';
import { type GuestQuoteRequestDto, type QuoteRequestDto, wellFormedQuoteRequest } from '@store/contract/dto/quote-request.dto';
import { WellFormedBodyPipe } from '../../common/validation.js';

/**
 * The quote's body (the hot path `POST /checkout/quote`, docs/performance.md): the common body by the contract's
 * `wellFormedQuoteRequest`, anything else by the DTO (see {@link WellFormedBodyPipe}). `quote-body.pipe.spec.ts`
 * holds both ways to the same answers.
 */
export class QuoteBodyPipe<T extends QuoteRequest> extends WellFormedBodyPipe<T> {
  constructor(dto: typeof QuoteRequestDto | typeof GuestQuoteRequestDto) {
    super(dto, wellFormedQuoteRequest as (body: unknown) => T | undefined);
  }
}
