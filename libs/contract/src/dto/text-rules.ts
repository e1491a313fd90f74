/**
 * The text rule (`../text-rules.ts`) as class-validator decorators, for every DTO that takes text. The API's
 * ValidationPipe and the web's forms run the same checks with the same messages.
 */
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { MIXED_SCRIPTS_MESSAGE, mixesScripts } from '../script-mixing.js';
import { hasBidiControls, hasControlCharacters, hasVisibleCharacter } from '../text-rules.js';

/** Validator: a string without control characters (`multiline` allows \n, \r and \t). Non-strings pass (IsString says so). */
export function NoControlCharacters(options: ValidationOptions & { multiline?: boolean } = {}): PropertyDecorator {
  const { multiline = false, ...validationOptions } = options;
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'noControlCharacters',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must not contain control or invalid characters`, ...validationOptions },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasControlCharacters(value, multiline) },
    });
}

/** Validator: a string with at least one visible character (a name of only zero-width characters is refused). */
export function HasVisibleCharacter(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'hasVisibleCharacter',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must contain a visible character`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || hasVisibleCharacter(value) },
    });
}

/** Validator: a string without bidirectional control characters (names: what an admin reads is what is stored). */
export function NoBidiControls(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'noBidiControls',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must not contain characters that change the text direction`, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasBidiControls(value) },
    });
}

/** Validator: a person's name in one script, or scripts written together (see mixesScripts): no look-alike letters. */
export function SingleScript(options: ValidationOptions = {}): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'singleScript',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: MIXED_SCRIPTS_MESSAGE, ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !mixesScripts(value) },
    });
}

/** Trims a string (before the checks, and what the server then keeps); anything else is left for the checks to refuse. */
export const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** An e-mail address compares in lower case, trimmed. */
export const trimLowerCase = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** An optional field sent empty (a form's blank input) is the same as one left out: trimmed, then dropped. */
export const trimOrAbsent = ({ value }: { value: unknown }): unknown => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : value.trim();
};
