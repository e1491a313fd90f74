import { busy, ConcurrencyGate } from './concurrency-gate.js';
import { ServiceUnavailableError } from './errors.js';

describe('ConcurrencyGate', () => {
  it('runs up to its limit at once, refuses one more without running it, and frees a place when a run ends', async () => {
    const gate = new ConcurrencyGate(2, busy('Too many searches at once'));
    const releases: Array<() => void> = [];
    const held = () => gate.run(() => new Promise<string>((resolve) => releases.push(() => resolve('done'))));
    const first = held();
    const second = held();
    expect(gate.active).toBe(2);
    let ran = false;
    await expect(
      gate.run(async () => {
        ran = true;
      }),
    ).rejects.toEqual(expect.objectContaining({ status: 503, retryAfterSeconds: 1, message: 'Too many searches at once' }));
    expect(ran).toBe(false);
    releases[0]();
    await expect(first).resolves.toBe('done');
    await expect(gate.run(async () => 'third')).resolves.toBe('third');
    releases[1]();
    await second;
    expect(gate.active).toBe(0);
  });

  it('frees the place of a run that fails', async () => {
    const gate = new ConcurrencyGate(1, busy('busy'));
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.active).toBe(0);
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });

  it('refuses with a ServiceUnavailableError', async () => {
    const gate = new ConcurrencyGate(0, busy('busy'));
    await expect(gate.run(async () => 1)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
