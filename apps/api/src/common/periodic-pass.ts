/** What a background pass is made of (see {@link PeriodicPass}). */
export interface PeriodicPassOptions<T> {
  /** The pass itself. A background pass wants a context of its own: give it a method marked `@UseCls()`. */
  run: () => Promise<T>;
  /** The wait from the end of one timed pass to the start of the next. */
  everyMs: number;
  /** What a failed pass logs, at the level its owner chose (a pass that loses nothing by failing warns). */
  failed: (error: unknown) => void;
  /** What the timer does after its pass and not after a pass asked for by hand (the stock alerts' purge). */
  afterTimed?: () => Promise<unknown>;
  /**
   * A call while a pass runs: `share` answers the running pass; `again` answers it too and runs one more after it,
   * for a pass that may have read its data before the change that asked for this one.
   */
  whileRunning?: 'share' | 'again';
}

/**
 * The timer of a background pass that every replica runs (the sweepers, the outbox worker, the stock alerts'
 * notify pass): the next timed pass starts `everyMs` after the previous one ended, so two passes of one process
 * never overlap, and a failed pass is logged and tried again on the next tick. The timer keeps no process alive,
 * and {@link stop} waits for the pass in progress, so a shutdown does not close the pool under it.
 */
export class PeriodicPass<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<T> | undefined;
  private again = false;
  private halted = false;

  constructor(private readonly options: PeriodicPassOptions<T>) {}

  /** True once {@link stop} was called: a long pass checks it between batches and ends early. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Starts the timer: the first pass after `firstAfterMs` (by default one period). */
  start(firstAfterMs = this.options.everyMs): void {
    if (this.halted) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .then(() => this.options.afterTimed?.())
        .catch(this.options.failed)
        .finally(() => this.start());
    }, firstAfterMs);
    this.timer.unref();
  }

  /** One pass now, or the one in progress (see {@link PeriodicPassOptions.whileRunning}). */
  runOnce(): Promise<T> {
    if (this.running) {
      if (this.options.whileRunning === 'again') this.again = true;
      return this.running;
    }
    this.running = this.options.run().finally(() => {
      this.running = undefined;
      if (this.again && !this.halted) {
        this.again = false;
        this.runInBackground();
      }
    });
    return this.running;
  }

  /** {@link runOnce} without waiting: a failure is logged as a timed pass's is. */
  runInBackground(): void {
    void this.runOnce().catch(this.options.failed);
  }

  /** Stops the timer and waits for the pass in progress, if any. */
  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}

/** The text of whatever a pass threw, for its log line. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
