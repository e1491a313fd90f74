import { ServiceUnavailableError } from './errors.js';

/**
 * At most `limit` runs of some costly work at once in this process; one more is refused at once with a 503 and
 * Retry-After, rather than queued behind the others for pool connections every other route needs too. Counted in
 * memory, per process: each replica guards its own pool.
 */
export class ConcurrencyGate {
  private running = 0;

  constructor(
    private readonly limit: number,
    private readonly refusal: () => Error,
  ) {}

  /** How many runs are in progress (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  /** Whether a run now would be refused (every place taken). */
  get full(): boolean {
    return this.running >= this.limit;
  }

  /** Runs `work` when a place is free; throws the gate's refusal without running it when none is. */
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
   * place is free.
   */
  async runAnsweringEarly<T>(start: () => { result: Promise<T>; ended: Promise<unknown> }): Promise<T> {
    if (this.running >= this.limit) throw this.refusal();
    this.running += 1;
    let ended: Promise<unknown> | undefined;
    const leave = () => {
      this.running -= 1;
    };
    try {
      const work = start();
      ended = work.ended;
      return await work.result;
    } finally {
      if (ended) ended.then(leave, leave);
      else leave();
    }
  }
}

/** Seconds a refused search is told to wait: searches take tens of milliseconds, so a place frees up soon. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** The refusal of a busy gate: 503 SERVICE_UNAVAILABLE with Retry-After. */
export function busy(message: string): () => Error {
  return () => new ServiceUnavailableError(message, BUSY_RETRY_AFTER_SECONDS);
}
