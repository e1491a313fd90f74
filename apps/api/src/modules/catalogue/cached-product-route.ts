import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { API_PREFIX, ApiRoute } from '@store/contract';
import type { ContentCoding } from '../../common/accept-encoding.js';
import type { CachedAnswer, CachedGetRoute } from '../../common/cached-get.js';
import { isUuid } from '../../common/uuid-param.decorator.js';
import type { ProductEntry } from './catalogue-cache.js';
import { productAnswer } from './product-answer.js';
import { ProductsService } from './products.service.js';

/**
 * A product's answer in memory (the product page's data), for the HTTP layer's cached GET: the controller's check
 * (a UUID, any case, read in lower case as UuidParam reads it; the handler reads no query), the same entry from the
 * same cache and the same answer (productAnswer). Left to the chain: a conditional request (the chain judges it
 * with Express's own freshness rules) and a client taking deflate alone (compressed per request).
 */
@Injectable()
export class CachedProductRoute implements CachedGetRoute<string> {
  readonly pathPrefix = `${API_PREFIX}${ApiRoute.product.replace(':productId', '')}`;
  readonly metricsRoute = `${API_PREFIX}${ApiRoute.product}`;
  /** Per cached product, its answer in each coding; they go with the entry. */
  private readonly answers = new WeakMap<ProductEntry, Map<ContentCoding, CachedAnswer>>();

  constructor(private readonly products: ProductsService) {}

  parse(pathRest: string): string | undefined {
    return isUuid(pathRest) ? pathRest.toLowerCase() : undefined;
  }

  cached(id: string, coding: ContentCoding, headers: IncomingHttpHeaders): CachedAnswer | undefined {
    if (coding === 'deflate' || headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return undefined;
    const entry = this.products.cachedProduct(id);
    if (!entry) return undefined;
    let byCoding = this.answers.get(entry);
    if (!byCoding) this.answers.set(entry, (byCoding = new Map()));
    let answer = byCoding.get(coding);
    if (!answer) byCoding.set(coding, (answer = productAnswer(entry, coding)));
    return answer;
  }
}
