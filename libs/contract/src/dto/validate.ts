/**
 * Checks plain values with a DTO class as the API's ValidationPipe does (its trims and conversions first, then each
 * field's rules in order, stopping at a field's first failure), for code that reads a request by hand before the
 * checks apply: the multipart product form. The failures come back as the wire's `details`.
 */
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import type { FieldError } from '../errors.js';

export function validateDto<T extends object>(dto: ClassConstructor<T>, plain: object): { value: T; errors: FieldError[] } {
  const value = plainToInstance(dto, plain);
  return { value, errors: flattenValidationErrors(validateSync(value, { stopAtFirstError: true })) };
}

/** class-validator's failures as the wire's `details`: one entry per message, a nested field named by its path. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}
