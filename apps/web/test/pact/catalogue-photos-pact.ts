import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchersV3, type Rule } from '@pact-foundation/pact';
import type { V4RequestBuilder } from '@pact-foundation/pact/src/v4/http/types';
import { CATALOGUE_PHOTOS_FILE_FIELD } from '@store/contract/dto/catalogue-photos';
import { anId, bearer, EXAMPLE } from './store-api-pact';

const BOUNDARY = 'store-web-pact-zip-boundary';

/** A zip of one photo, `classic-tee+blue.png` (the specs' 8x8 PNG): the Classic Tee's, in Blue. */
export const PHOTO_ZIP = {
  name: 'photos.zip',
  file: 'classic-tee+blue.png',
  bytes: readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'photos.zip')),
} as const;

/** What the zip's one file becomes: the Classic Tee's photo in Blue (ids by type). */
export const ZIP_ENTRY = {
  file: PHOTO_ZIP.file,
  product: anId(EXAMPLE.productId),
  handle: 'classic-tee',
  optionValue: MatchersV3.integer(3),
  colour: 'Blue',
  alt: 'Classic Tee in Blue',
};

/** The zip calls' multipart body: the zip as the `file` part, matched by its detected content type. */
export function zipUploadRequest() {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${CATALOGUE_PHOTOS_FILE_FIELD}"; filename="${PHOTO_ZIP.name}"\r\n` +
        `Content-Type: application/zip\r\n\r\n`,
    ),
    PHOTO_ZIP.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  const rules: Rule[] = [
    { path: `$.${CATALOGUE_PHOTOS_FILE_FIELD}`, rules: [{ 'pact:matcher:type': 'contentType', value: 'application/zip' }] },
  ];
  return (request: V4RequestBuilder): void => {
    request
      .headers({ ...bearer(), 'Content-Type': MatchersV3.regex('^multipart/form-data;\\s*boundary=.+$', contentType) })
      .body(contentType, body)
      .matchingRules({ body: rules });
  };
}

/** The zip as the admin screen uploads it. */
export function zipFile(): File {
  return new File([new Uint8Array(PHOTO_ZIP.bytes)], PHOTO_ZIP.name, { type: 'application/zip' });
}
