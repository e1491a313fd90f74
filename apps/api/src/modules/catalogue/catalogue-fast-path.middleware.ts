import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { parseProductListQuery } from './dto/product-list-query.js';
import { sendList } from './list-answer.js';
import { ProductsService } from './products.service.js';

/**
 * Cached list pages the front door leaves (a client taking deflate alone), answered from memory before Nest's
 * route pipeline (guards, pipes, parameter decorators, the promise chain). The route is @Public and takes no body,
 * so the guards would let every such request through; what a hit skips is measured work, not a check. Anything
 * else (a miss, a bad query, a cache that is off) goes on to the controller, which answers it fully and fills the
 * cache: the headers and bytes of a hit are the controller's own (sendList).
 */
@Injectable()
export class CatalogueFastPathMiddleware implements NestMiddleware {
  constructor(private readonly products: ProductsService) {}

  use(request: Request, response: Response, next: NextFunction): void {
    try {
      const page = this.products.cachedPage(parseProductListQuery(request.query as Record<string, unknown>));
      if (page) {
        sendList(request, response, page);
        return;
      }
    } catch {
      // A bad query: the controller answers it, with the error the contract specifies.
    }
    next();
  }
}
