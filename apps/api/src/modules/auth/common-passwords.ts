import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@store/contract';
import { ValidationFailedError } from '../../common/errors.js';

/**
 * The passwords people pick most, from zxcvbn-ts's common list (about 49,000 ranked from real leaks; the ones at
 * least PASSWORD_MIN long are kept, some 18,000, since shorter ones are refused anyway). A password on it falls to
 * the first guesses of any attack on a leaked hash or to a few sign-in attempts, whatever the limits.
 * Compared ignoring case: "Password1" is as guessable as "password1".
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'Password is one of the most common passwords; choose one that is harder to guess';

/** Refuses a common password with a 400 naming the `password` field. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new ValidationFailedError(COMMON_PASSWORD_MESSAGE, [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]);
  }
}
