import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@store/contract';
import { ValidationFailedError } from './errors.js';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

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
      const details = flatten(errors);
      return new ValidationFailedError(details.map((d) => d.message).join('; ') || 'The request is not valid', details);
    },
  });
}
