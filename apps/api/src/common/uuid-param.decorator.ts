import { Param, ParseUUIDPipe } from '@nestjs/common';
import { ValidationFailedError } from './errors.js';

/**
 * A path id that must be a UUID: a malformed one is a 400 naming the parameter, before any query runs
 * (Postgres would otherwise reject it as a 500).
 */
export const UuidParam = (name: string): ParameterDecorator =>
  Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () => new ValidationFailedError(`${name} must be a valid id`, [{ field: name, message: 'must be a UUID' }]),
    }),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
