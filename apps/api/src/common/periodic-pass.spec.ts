import { setTimeout as sleep } from 'node:timers/promises';
import { failureText, PeriodicPass } from './periodic-pass.js';

/** A pass that stays open until the test lets it end. */
function heldPasses() {
  const ends: Array<(value: number) => void> = [];
  let started = 0;
  return {
    run: () =>
      new Promise<number>((resolve) => {
        started += 1;
        ends.push(resolve);
      }),
    end: (value: number) => ends.shift()?.(value),
    get started() {
      return started;
    },
  };
}

describe('PeriodicPass', () => {
  it('runs on its timer, never two timed passes at once, and logs a failure without stopping', async () => {
    const failures: string[] = [];
    let calls = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    let purged = 0;
    const pass = new PeriodicPass({
      run: async () => {
        calls += 1;
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await sleep(15);
        inFlight -= 1;
        if (calls === 2) throw new Error('database away');
        return calls;
      },
      everyMs: 1,
      afterTimed: async () => (purged += 1),
      failed: (error) => failures.push(failureText(error)),
    });
    pass.start(0);
    // Three passes, however slow the machine: the second fails, the third still comes.
    for (const deadline = Date.now() + 5000; calls < 3 && Date.now() < deadline;) await sleep(5);
    await pass.stop();
    const after = calls;
    await sleep(30);
    expect(calls).toBe(after);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(mostInFlight).toBe(1);
    expect(failures).toEqual(['database away']);
    expect(purged).toBe(calls - 1);
    expect(pass.stopped).toBe(true);
  });

  it('shares the running pass with a call made meanwhile', async () => {
    const held = heldPasses();
    const pass = new PeriodicPass({ run: held.run, everyMs: 60_000, failed: () => undefined });
    const first = pass.runOnce();
    const second = pass.runOnce();
    held.end(7);
    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    await sleep(5);
    expect(held.started).toBe(1);
  });

  it("with whileRunning 'again', runs one more pass after the running one for any calls made meanwhile", async () => {
    const held = heldPasses();
    const pass = new PeriodicPass({ run: held.run, everyMs: 60_000, failed: () => undefined, whileRunning: 'again' });
    const first = pass.runOnce();
    void pass.runOnce();
    pass.runInBackground();
    held.end(1);
    await expect(first).resolves.toBe(1);
    await sleep(5);
    expect(held.started).toBe(2);
    held.end(2);
    await sleep(5);
    expect(held.started).toBe(2);
  });

  it('waits for the pass in progress when stopped, and starts no timer afterwards', async () => {
    const held = heldPasses();
    const pass = new PeriodicPass({ run: held.run, everyMs: 1, failed: () => undefined });
    void pass.runOnce();
    let stopped = false;
    const stopping = pass.stop().then(() => (stopped = true));
    await sleep(5);
    expect(stopped).toBe(false);
    held.end(1);
    await stopping;
    pass.start(0);
    await sleep(10);
    expect(held.started).toBe(1);
  });
});
