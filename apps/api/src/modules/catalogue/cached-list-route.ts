import { Injectable } from '@nestjs/common';
import { API_PREFIX, ApiRoute } from '@store/contract';
import type { ContentCoding } from '../../common/accept-encoding.js';
import type { CachedAnswer, CachedGetRoute } from '../../common/cached-get.js';
import type { ListEntry } from './catalogue-cache.js';
import { type ProductListParams, parseProductListQuery } from './dto/product-list-query.js';
import { listAnswer } from './list-answer.js';
import { ProductsService } from './products.service.js';

/**
 * The product list's cached pages, for the HTTP layer's cached GET (the home page's request): the same checks as
 * the controller (parseProductListQuery), the same page from the same cache, and the same answer (listAnswer). A client taking deflate alone is left to the chain, whose compression middleware deflates per request.
 */
@Injectable()
export class CachedListRoute implements CachedGetRoute<ProductListParams> {
  readonly pathPrefix = `${API_PREFIX}${ApiRoute.products}`;
  readonly metricsRoute = `${API_PREFIX}${ApiRoute.products}`;
  /** Per cached page, its answer in each coding; they go with the page. */
  private readonly answers = new WeakMap<ListEntry, Map<ContentCoding, CachedAnswer>>();

  constructor(private readonly products: ProductsService) {}

  parse(pathRest: string, query: Record<string, unknown>): ProductListParams | undefined {
    if (pathRest !== '') return undefined;
    try {
      return parseProductListQuery(query);
    } catch {
      // Refused by the list's parser: the controller answers it, with the error the contract specifies.
      return undefined;
    }
  }

  refusal(params: ProductListParams): Error | undefined {
    return this.products.searchRefusal(params);
  }

  cached(params: ProductListParams, coding: ContentCoding): CachedAnswer | undefined {
    if (coding === 'deflate') return undefined;
    const page = this.products.cachedPage(params);
    if (!page) return undefined;
    let byCoding = this.answers.get(page);
    if (!byCoding) this.answers.set(page, (byCoding = new Map()));
    let answer = byCoding.get(coding);
    if (!answer) byCoding.set(coding, (answer = listAnswer(page, coding)));
    return answer;
  }
}
