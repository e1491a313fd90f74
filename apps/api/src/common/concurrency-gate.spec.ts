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

  it('answers work that answers early at once, and holds its place until the work ends', async () => {
    const gate = new ConcurrencyGate(1, busy('busy'));
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    await expect(gate.runAnsweringEarly(() => ({ result: Promise.resolve('rows'), ended }))).resolves.toBe('rows');
    expect(gate.active).toBe(1);
    end();
    await ended;
    await Promise.resolve();
    expect(gate.active).toBe(0);
  });

  it('hands an ending place to one run that finds every place taken, which starts when it ends; refuses one more', async () => {
    const gate = new ConcurrencyGate(1, busy('busy'));
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    await gate.runAnsweringEarly(() => ({ result: Promise.resolve('first'), ended }));
    expect(gate.full).toBe(false);
    let started = false;
    const next = gate.run(async () => {
      started = true;
      return 'next';
    });
    await Promise.resolve();
    expect({ started, full: gate.full }).toEqual({ started: false, full: true });
    await expect(gate.run(async () => 'another')).rejects.toBeInstanceOf(ServiceUnavailableError);
    end();
    await expect(next).resolves.toBe('next');
    expect(started).toBe(true);
    await Promise.resolve();
    expect(gate.active).toBe(0);
  });

  it('frees the place of work that fails before it answers, when it ends (and at once when it cannot start)', async () => {
    const gate = new ConcurrencyGate(1, busy('busy'));
    const failed = Promise.reject(new Error('timed out'));
    await expect(gate.runAnsweringEarly(() => ({ result: failed, ended: failed }))).rejects.toThrow('timed out');
    await Promise.resolve();
    expect(gate.active).toBe(0);
    await expect(
      gate.runAnsweringEarly(() => {
        throw new Error('cannot start');
      }),
    ).rejects.toThrow('cannot start');
    expect(gate.active).toBe(0);
  });
});
