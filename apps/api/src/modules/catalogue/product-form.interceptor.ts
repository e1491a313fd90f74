import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { PRODUCT_PHOTO_FIELD, PRODUCT_PHOTO_MAX_BYTES } from '@store/contract';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { UnsupportedMediaTypeError, ValidationFailedError } from '../../common/errors.js';

/** The photo is held in memory: it is checked, resized and stored in Postgres, never written to disk. */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: PRODUCT_PHOTO_MAX_BYTES,
    files: 1,
    fields: 16,
    fieldSize: 16 * 1024,
    fieldNameSize: 100,
    parts: 20,
    // Bracketed names (`a[999999]`) would make multer build nested objects and sparse arrays; none is a product field.
    fieldNestingDepth: 1,
    fieldArrayIndexLimit: 10,
  },
}).single(PRODUCT_PHOTO_FIELD);

/**
 * Reads the product form (multipart/form-data: text fields and an optional `photo` file) into `request.body`
 * and `request.file`. It runs after the guards, so a request that may not write is refused before its upload
 * is read. Anything but multipart/form-data is a 415.
 */
@Injectable()
export class ProductFormInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!request.is('multipart/form-data')) {
      throw new UnsupportedMediaTypeError('Send the product as multipart/form-data: its fields, and the photo as a file');
    }
    await new Promise<void>((resolve, reject) =>
      upload(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(formError(error)) : resolve())),
    );
    return next.handle();
  }
}

/** multer's LIMIT_* errors reach the exception filter as they are (413 for the photo's size); busboy's parse errors do not say a status. */
function formError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return error;
  return new ValidationFailedError('The form could not be read as multipart/form-data');
}
