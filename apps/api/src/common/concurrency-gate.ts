import { ServiceUnavailableError } from './errors.js';

/**
 * At most `limit` runs of some costly work at once in this process; one more is refused at once with a 503 and
 * Retry-After, rather than queued behind the others for pool connections every other route needs too. Counted in
 * memory, per process: each replica guards its own pool.
 *
 * Work may answer before it ends ({@link runAnsweringEarly}: a read-only transaction's rows come before its COMMIT
 * is answered); its place is held until the end, so the limit still counts what the work holds. A run that finds
 * every place taken but one of them only ending, with no other run waiting for it, takes that place as soon as it
 * ends instead of being refused: a client who asks again the moment it has its answer (a shopper typing a search)
 * must not be refused by its own previous request's COMMIT. Such waits are bounded by the places that are ending:
 * never a queue.
 */
export class ConcurrencyGate {
  /** Places taken: running, or answered and ending. */
  private taken = 0;
  /** Of the places taken, those whose work has answered and is only ending. */
  private ending = 0;
  /** Runs waiting for an ending place, one each. */
  private readonly handOvers: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly refusal: () => Error,
  ) {}

  /** How many places are taken (for tests and metrics). */
  get active(): number {
    return this.taken;
  }

  /** Whether a run now would be refused: every place taken, and none of them ending without a run waiting for it. */
  get full(): boolean {
    return this.taken >= this.limit && this.ending <= this.handOvers.length;
  }

  /** Runs `work` when a place is free (or about to be); throws the gate's refusal without running it when none is. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.runAnsweringEarly(() => {
      const done = work();
      return { result: done, ended: done };
    });
  }

  /**
   * Runs work whose answer comes before its end (a read-only transaction's rows, before its COMMIT is answered):
   * `start()` gives both, the answer is returned as soon as it comes, and the place is held until the end, so the
   * limit still counts what the work holds (its connection). Throws the gate's refusal without starting it when no
   * place is free or about to be.
   */
  async runAnsweringEarly<T>(start: () => { result: Promise<T>; ended: Promise<unknown> }): Promise<T> {
    await this.enter();
    let ended: Promise<unknown> | undefined;
    let answered = false;
    const leave = () => {
      if (answered) this.ending -= 1;
      this.leave();
    };
    try {
      const work = start();
      ended = work.ended;
      const result = await work.result;
      answered = true;
      this.ending += 1;
      return result;
    } finally {
      if (ended) ended.then(leave, leave);
      else leave();
    }
  }

  /** Takes a free place, or waits for an ending one nobody waits for yet; else throws the refusal. */
  private enter(): Promise<void> | undefined {
    if (this.taken < this.limit) {
      this.taken += 1;
      return undefined;
    }
    if (this.ending > this.handOvers.length) return new Promise((resolve) => this.handOvers.push(resolve));
    throw this.refusal();
  }

  /** A place is given up: to the run waiting for it, if any (still taken), else freed. */
  private leave(): void {
    const next = this.handOvers.shift();
    if (next) next();
    else this.taken -= 1;
  }
}

/** Seconds a refused search is told to wait: searches take tens of milliseconds, so a place frees up soon. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** The refusal of a busy gate: 503 SERVICE_UNAVAILABLE with Retry-After. */
export function busy(message: string): () => Error {
  return () => new ServiceUnavailableError(message, BUSY_RETRY_AFTER_SECONDS);
}
