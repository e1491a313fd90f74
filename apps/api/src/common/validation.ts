import { type ArgumentMetadata, type PipeTransform, ValidationPipe } from '@nestjs/common';
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
