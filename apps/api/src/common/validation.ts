import { type ArgumentMetadata, type PipeTransform, type Type, ValidationPipe } from '@nestjs/common';
import { flattenValidationErrors } from '@store/contract/dto/validate';
import { ValidationFailedError } from './errors.js';
import { findUnstorableText } from './text-rules.js';

/**
 * The global pipe: unknown fields are refused (nobody signs up with `role: 1`), values are converted to the
 * DTO's types, and every failure becomes one 400 listing each field's problem.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const details = flattenValidationErrors(errors);
      return new ValidationFailedError(details.map((d) => d.message).join('; ') || 'The request is not valid', details);
    },
  });
}

/**
 * Global, before validation: a NUL or a lone surrogate anywhere in a body, a form field or the query is 400,
 * whatever the route's DTO says (Postgres cannot store either and would answer with an error, i.e. a 500).
 */
export function createTextSafetyPipe(): PipeTransform {
  return {
    transform(value: unknown, metadata: ArgumentMetadata): unknown {
      if (metadata.type !== 'body' && metadata.type !== 'query' && metadata.type !== 'param') return value;
      const field = findUnstorableText(value);
      if (field !== undefined) {
        throw new ValidationFailedError(`${field} must not contain control or invalid characters`, [
          { field, message: 'must not contain control or invalid characters' },
        ]);
      }
      return value;
    },
  };
}

/**
 * A hot route's body (the quote, the checkout; docs/performance.md): the common body is taken by a hand-written
 * check of the DTO's rules from the contract (`wellFormed`, a few microseconds, where class-validator and
 * class-transformer take 60-75 µs walking every class's metadata), anything else is validated against the DTO by
 * the global pipe's own validation (the same options), so a refusal is word for word what the DTO answers. The
 * route's body is typed by its interface, so the global pipe leaves it to this one (it validates classes only); the
 * global text check still runs first. Each check's spec holds both ways to the same answers.
 */
export class WellFormedBodyPipe<T> implements PipeTransform<unknown, Promise<T>> {
  private readonly validation = createValidationPipe();

  constructor(
    private readonly dto: Type<unknown>,
    private readonly wellFormed: (body: unknown) => T | undefined,
  ) {}

  async transform(value: unknown): Promise<T> {
    return this.wellFormed(value) ?? ((await this.validation.transform(value, { type: 'body', metatype: this.dto, data: undefined })) as T);
  }
}
