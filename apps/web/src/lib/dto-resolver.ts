import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that checks a form with the request's DTO class from the contract
 * (`@store/contract/dto/<name>.dto`): the very rules and messages the API's ValidationPipe applies, checked in the
 * same order and stopping at a field's first failure, as the server does. The form's field names are the DTO's. The values a form submits are the
 * DTO's (trimmed, blank optional fields dropped), so what is checked is what is sent.
 *
 * A field inside a request body names its wire path in the server's message ("shippingAddress.city is
 * required"); beside the field's own label that path is noise, so the form shows the rest ("Is required").
 *
 * Import it only from a form's lazy page: class-validator and class-transformer must not reach the home route.
 */
export function dtoResolver<Values extends FieldValues>(dto: ClassConstructor<object>): Resolver<Values> {
  const resolve = classValidatorResolver(dto as ClassConstructor<Values>, { validator: { stopAtFirstError: true } });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    return { ...result, errors: withoutWirePaths(result.errors) } as Awaited<ReturnType<Resolver<Values>>>;
  };
}

/**
 * A react-hook-form `validate` rule for one field of a DTO, for a form that cannot hand its whole values to a DTO
 * (the product form holds numbers, a file and a list of sizes where the wire has multipart text): `toWire` turns
 * the form's value into what is sent, and that is checked with the field's rules, returning its first message.
 */
export function dtoFieldRule<Dto extends object, Value>(
  dto: ClassConstructor<Dto>,
  field: keyof Dto & string,
  toWire: (value: Value) => unknown = (value) => value,
): (value: Value) => Promise<string | true> {
  return async (value) => {
    const failures = await validate(plainToInstance(dto, { [field]: toWire(value) }), { stopAtFirstError: true });
    const failure = failures.find((error) => error.property === field);
    const message = failure ? Object.values(failure.constraints ?? {})[0] : undefined;
    return message === undefined ? true : formMessage(message);
  };
}

/** A message that starts with a dotted wire path (`shippingAddress.city is required`). */
const WIRE_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+ (.)/;

/** The message a field shows for a server message: its wire path dropped, the rest starting with a capital. */
export function formMessage(message: string): string {
  return message.replace(WIRE_PATH, (_match, first: string) => first.toUpperCase());
}

function withoutWirePaths<Values extends FieldValues>(errors: FieldErrors<Values>): FieldErrors<Values> {
  const rewrite = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node).map(([key, value]) => [
      key,
      key === 'message' && typeof value === 'string' ? formMessage(value) : key === 'ref' ? value : rewrite(value),
    ]);
    return Object.fromEntries(entries);
  };
  return rewrite(errors) as FieldErrors<Values>;
}
