import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { CATALOGUE_PHOTOS_FILE_FIELD, CATALOGUE_PHOTOS_ZIP_MAX_BYTES } from '@store/contract/dto/catalogue-photos';
import { CATALOGUE_IMPORT_FILE_FIELD, CATALOGUE_IMPORT_MAX_BYTES } from '@store/contract/dto/catalogue-transfer';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationFailedError } from '../../common/errors.js';

/** The file is held in memory (at most `maxBytes`): it is read whole to be checked whole. */
const uploadOf = (field: string, maxBytes: number) =>
  multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, fieldNestingDepth: 1 },
  }).single(field);
const upload = uploadOf(CATALOGUE_IMPORT_FILE_FIELD, CATALOGUE_IMPORT_MAX_BYTES);
const zipUpload = uploadOf(CATALOGUE_PHOTOS_FILE_FIELD, CATALOGUE_PHOTOS_ZIP_MAX_BYTES);

/**
 * Reads an import's upload (multipart/form-data, the CSV as the `file` part) into `request.file`, after the
 * guards, so a request that may not import is refused before its file is read. Past the size cap: 413.
 */
@Injectable()
export class CatalogueCsvUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!request.is('multipart/form-data')) {
      throw new UnsupportedMediaTypeError(`Send the CSV as multipart/form-data, in a "${CATALOGUE_IMPORT_FILE_FIELD}" part`);
    }
    await new Promise<void>((resolve, reject) =>
      upload(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(uploadError(error)) : resolve())),
    );
    return next.handle();
  }
}

/** A zip of photos (docs/api.md, "Photos by zip") read as the CSV is: after the guards, 413 past its size cap. */
@Injectable()
export class CataloguePhotoZipUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!request.is('multipart/form-data')) {
      throw new UnsupportedMediaTypeError(`Send the zip as multipart/form-data, in a "${CATALOGUE_PHOTOS_FILE_FIELD}" part`);
    }
    await new Promise<void>((resolve, reject) =>
      zipUpload(request, http.getResponse<Response>(), (error?: unknown) =>
        error ? reject(uploadError(error, `The zip must be ${CATALOGUE_PHOTOS_ZIP_MAX_BYTES / 1024 / 1024} MB or smaller`)) : resolve(),
      ),
    );
    return next.handle();
  }
}

/** The uploaded zip's bytes: it must be there. */
export function uploadedZip(file: Express.Multer.File | undefined): Buffer {
  if (!file || file.size === 0) {
    throw new ValidationFailedError(`Attach the zip as "${CATALOGUE_PHOTOS_FILE_FIELD}"`, [
      { field: CATALOGUE_PHOTOS_FILE_FIELD, message: 'is required' },
    ]);
  }
  return file.buffer;
}

function uploadError(
  error: unknown,
  tooLarge = `The CSV file must be ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller; split it in several`,
): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeError(tooLarge);
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return error;
  return new ValidationFailedError('The upload could not be read as multipart/form-data');
}

/** The uploaded CSV as text: it must be there and be UTF-8 (a byte order mark is allowed). */
export function uploadedCsv(file: Express.Multer.File | undefined): string {
  if (!file || file.size === 0) {
    throw new ValidationFailedError(`Attach the CSV file as "${CATALOGUE_IMPORT_FILE_FIELD}"`, [
      { field: CATALOGUE_IMPORT_FILE_FIELD, message: 'is required' },
    ]);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.buffer);
  } catch {
    throw new ValidationFailedError('The CSV must be UTF-8 text', [
      { field: CATALOGUE_IMPORT_FILE_FIELD, message: 'is not UTF-8 (save it from the spreadsheet as "CSV UTF-8")' },
    ]);
  }
}
