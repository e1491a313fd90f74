import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { UnsupportedMediaTypeError, ValidationFailedError } from './errors.js';
import { hasControlCharacters } from './text-rules.js';

/** Deepest nesting of objects/arrays a JSON body may have; the contract's deepest is 3. */
export const JSON_MAX_DEPTH = 10;
/** Keys that could reach an object's prototype if anything ever merged a body; refused as unknown fields. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Their spellings as bytes: a body holding none of them and no escape (a backslash) cannot name one. */
const FORBIDDEN_KEY_BYTES = [...FORBIDDEN_KEYS].map((key) => Buffer.from(key));
const BACKSLASH = 0x5c;

/**
 * Nesting depth of raw JSON text, counted on the bytes (brackets outside strings) in one pass and stopping
 * as soon as the limit is passed: nothing parses or walks a hostile body before it is refused.
 */
export function exceedsJsonDepth(buffer: Buffer, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buffer.length; i += 1) {
    const byte = buffer[i];
    if (inString) {
      if (byte === 0x5c)
        i += 1; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth -= 1;
  }
  return false;
}

function isJson(request: Request): boolean {
  return typeof request.is(['application/json', 'application/*+json']) === 'string';
}

/**
 * The JSON body parser (named `jsonParser` so Nest does not add its own): size limit, then the depth
 * pre-scan, then JSON.parse with a reviver refusing prototype keys (escaped spellings included, as the
 * reviver sees decoded keys) when the text could name one at all. Every refusal is a 400/413 `{error, code}` before any validation walks the body.
 */
export function jsonBodyParser(limit: string): express.RequestHandler {
  const raw = express.raw({ type: ['application/json', 'application/*+json'], limit });
  return function jsonParser(request: Request, response: Response, next: NextFunction): void {
    raw(request, response, (error?: unknown) => {
      if (error) return next(error);
      if (!Buffer.isBuffer(request.body)) return next();
      const buffer = request.body;
      if (buffer.length === 0) {
        request.body = undefined;
        return next();
      }
      if (exceedsJsonDepth(buffer, JSON_MAX_DEPTH)) {
        return next(new ValidationFailedError(`The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`));
      }
      const forbidden: string[] = [];
      // The reviver (about 6 µs more on a quote's body, docs/performance.md) only where a key could be a forbidden
      // one: a key's text is its bytes unless it escapes a character, so a body with no backslash and none of the
      // three spellings has none.
      const mayNameForbidden = buffer.includes(BACKSLASH) || FORBIDDEN_KEY_BYTES.some((key) => buffer.includes(key));
      try {
        request.body = mayNameForbidden
          ? JSON.parse(buffer.toString('utf8'), (key, value: unknown) => {
              if (FORBIDDEN_KEYS.has(key)) forbidden.push(key);
              return value;
            })
          : JSON.parse(buffer.toString('utf8'));
      } catch {
        return next(new ValidationFailedError('The request body is not valid JSON'));
      }
      if (forbidden.length > 0) {
        const details = [...new Set(forbidden)].map((field) => ({ field, message: `property ${field} should not exist` }));
        return next(new ValidationFailedError(details.map((d) => d.message).join('; '), details));
      }
      next();
    });
  };
}

/**
 * Bodies on API routes are JSON; product forms (their photo) and catalogue imports (their CSV file) alone may be
 * multipart, under `multipartPrefixes`. Anything else
 * (urlencoded, text/plain...) is 415 before it can be half-read as something it is not. Named
 * `urlencodedParser` so Nest does not add its own urlencoded parser.
 */
export function apiContentTypeGuard(apiPrefix: string, multipartPrefixes: readonly string[]): express.RequestHandler {
  return function urlencodedParser(request: Request, _response: Response, next: NextFunction): void {
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody || !(request.path === apiPrefix || request.path.startsWith(`${apiPrefix}/`))) return next();
    if (isJson(request)) {
      // The parser reads UTF-8 only (as JSON requires); another declared charset would be misread.
      const charset = /;\s*charset=("?)([^";]+)\1/i.exec(request.headers['content-type'] ?? '')?.[2]?.toLowerCase();
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        return next(new UnsupportedMediaTypeError(`Send JSON as UTF-8 (got charset ${charset})`));
      }
      return next();
    }
    if (multipartPrefixes.some((prefix) => request.path.startsWith(prefix)) && request.is('multipart/form-data')) return next();
    const type = request.headers['content-type'] ?? 'none';
    next(new UnsupportedMediaTypeError(`Send the request body as application/json (got ${type.split(';')[0]})`));
  };
}

/**
 * Refuses control characters (NUL first of all) in the path and in any query value with 400, before
 * routing: every route param and query parameter, the photo's `?v=` included, is covered in one place.
 */
export function rawTextGuard(request: Request, _response: Response, next: NextFunction): void {
  const problem = urlTextProblem(request.originalUrl ?? request.url);
  next(problem === undefined ? undefined : new ValidationFailedError(problem));
}

/** What {@link rawTextGuard} refuses a request URL for (a bad %-encoding, a control character), or undefined. */
export function urlTextProblem(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  const pathPart = queryStart === -1 ? url : url.slice(0, queryStart);
  const parts = [pathPart, ...(queryStart === -1 ? [] : url.slice(queryStart + 1).split('&'))];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return 'The request URL is not correctly encoded';
    }
    if (hasControlCharacters(decoded)) return 'The request URL must not contain control characters';
  }
  return undefined;
}

/**
 * Signed-in answers must not be kept by browsers or shared caches: any request carrying credentials gets
 * `Cache-Control: no-store` (a handler with a deliberate cache policy for public data may still set its own).
 */
export function noStoreWhenAuthenticated(request: Request, response: Response, next: NextFunction): void {
  if (request.headers.authorization !== undefined) response.setHeader('Cache-Control', 'no-store');
  next();
}
