/**
 * For the specs of a hot route's hand-written body check (`WellFormedBodyPipe`, apps/api/src/common/validation.ts):
 * bodies broken field by field, and the answers of the DTO, of the check and of the pipe, compared body by body.
 */
import type { Type } from '@nestjs/common';
import { AppError } from '../../src/common/errors.js';
import { createValidationPipe, WellFormedBodyPipe } from '../../src/common/validation.js';

/** As the route receives it: JSON (no undefined, no class instances). */
export const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** A pipe's answer as the client would see it: the body it validated to, or the refusal's status and body. */
async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: asJson(await run()) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, body: error.toBody() };
  }
}

/** `base()` with the field at each path set to each value (removed for undefined), after `base()` itself. */
export function bodiesWith(base: () => object, paths: (string | number)[][], values: unknown[]): unknown[] {
  const all: unknown[] = [base()];
  for (const path of paths) {
    for (const value of values) {
      const body = base() as Record<string | number, unknown>;
      let target = body;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
      if (value === undefined) delete target[path.at(-1)!];
      else target[path.at(-1)!] = value;
      all.push(body);
    }
  }
  return all;
}

/**
 * Every body answered by the pipe as by the DTO, and every body the check takes taken by the DTO with the same
 * values; returns how many bodies the check took (the short way must be the common one).
 */
export async function expectDtoAnswers(dto: Type<unknown>, wellFormed: (body: unknown) => unknown, bodies: unknown[]): Promise<number> {
  const byDto = createValidationPipe();
  const byPipe = new WellFormedBodyPipe(dto, wellFormed);
  let taken = 0;
  for (const body of bodies) {
    const expected = await answer(() => byDto.transform(asJson(body), { type: 'body', metatype: dto, data: undefined }));
    const fast = wellFormed(asJson(body));
    if (fast !== undefined) {
      taken += 1;
      expect({ body, answer: { value: asJson(fast) } }).toEqual({ body, answer: expected });
    }
    expect({ body, answer: await answer(() => byPipe.transform(asJson(body))) }).toEqual({ body, answer: expected });
  }
  return taken;
}
