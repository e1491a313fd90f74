import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, Max, Min, ValidateBy, type ValidationArguments } from 'class-validator';

/** The configuration's problems, one line per bad or missing variable, as the API prints them at start. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `NAME: text`: every message names its variable first. */
export const says = (text: string | ((args: ValidationArguments) => string)) => ({
  message: (args: ValidationArguments) => `${args.property}: ${typeof text === 'string' ? text : text(args)}`,
});

/** One of `values`. */
export function OneOf(values: readonly string[]): PropertyDecorator {
  return IsIn(
    values,
    says((args) => `must be one of ${values.join(', ')} (got "${String(args.value)}")`),
  );
}

/** A whole number from `min` to `max`; anything else is kept as given, so the message can quote it. */
export function WholeNumber(min: number, max: number): PropertyDecorator {
  const message = says((args) => `must be a whole number from ${min} to ${max} (got "${String(args.value)}")`);
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && Number.isInteger(Number(value)) ? Number(value) : value)),
    IsInt(message),
    Min(min, message),
    Max(max, message),
  );
}

/**
 * A rule that may read the other variables: `problem` returns what is wrong (without the variable's name, which
 * it is prefixed with, unless it starts with a name of its own) or undefined. It runs whether or not the variable
 * is set, so "required when..." rules are written here too.
 */
export function Rule<Env>(problem: (value: string | undefined, env: Env) => string | undefined): PropertyDecorator {
  const text = (args: ValidationArguments) => problem(args.value as string | undefined, args.object as Env);
  return ValidateBy({
    name: 'rule',
    validator: {
      validate: (_value, args) => text(args!) === undefined,
      defaultMessage: (args) => {
        const found = text(args!) ?? '';
        return /^[A-Z][A-Z0-9_]*[:,]/.test(found) ? found : `${args!.property}: ${found}`;
      },
    },
  });
}
