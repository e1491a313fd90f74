import { Param, ParseUUIDPipe, type PipeTransform } from '@nestjs/common';
import { ValidationFailedError } from './errors.js';

/** Ids are stored lower case; an upper-case spelling of the same UUID names the same thing. */
const toLowerCase: PipeTransform<string, string> = { transform: (value) => value.toLowerCase() };

/**
 * A path id that must be a UUID: a malformed one is a 400 naming the parameter, before any query runs
 * (Postgres would otherwise reject it as a 500). Handlers receive it in lower case.
 */
export const UuidParam = (name: string): ParameterDecorator =>
  Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () => new ValidationFailedError(`${name} must be a valid id`, [{ field: name, message: 'must be a UUID' }]),
    }),
    toLowerCase,
  );

/** The one id check, shared with the contract's DTOs. */
export { isUuid } from '@store/contract';
