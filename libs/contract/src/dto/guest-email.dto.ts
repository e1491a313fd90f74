import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, MaxLength } from 'class-validator';
import { NoControlCharacters, trimLowerCase } from './text-rules.js';

/** A guest's e-mail, the one rule of the guest forms: what the order link goes to and what a code's uses per customer count by. */
export function GuestEmail(required: boolean): PropertyDecorator {
  const rules: PropertyDecorator[] = [
    Transform(trimLowerCase),
    ...(required ? [] : [IsOptional()]),
    IsEmail({}, { message: 'email must be a valid email address' }),
    MaxLength(254, { message: 'email must be at most 254 characters' }),
    NoControlCharacters({ message: 'email must not contain control characters' }),
  ];
  // Stacked decorators apply bottom-up: reversed, so these register exactly as the stacked form would.
  return (target, property) => [...rules].reverse().forEach((rule) => rule(target, property));
}

/**
 * The guest's e-mail alone: the guest checkout form checks its field with it (the same rule as the payment's). In a
 * file of its own, with no nested type, so the web page needs no reflection metadata to use it.
 */
export class GuestEmailDto {
  @GuestEmail(true)
  email!: string;
}
