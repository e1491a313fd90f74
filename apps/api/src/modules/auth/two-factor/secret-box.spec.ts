import { SecretBox } from './secret-box.js';

const OLD = 'an-old-key-of-at-least-thirty-two-characters';
const NEW = 'a-new-key-of-at-least-thirty-two-characters!';

describe('SecretBox (the TOTP secrets at rest)', () => {
  it('reads what it wrote, and the same secret never twice the same bytes (a random IV)', () => {
    const box = new SecretBox(NEW);
    const a = box.encrypt('JBSWY3DPEHPK3PXP');
    const b = box.encrypt('JBSWY3DPEHPK3PXP');
    expect(a.equals(b)).toBe(false);
    expect(box.read(a)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', current: true });
  });

  it('during a rotation reads the previous key’s secrets too, saying so, and writes under the new key only', () => {
    const written = new SecretBox(OLD).encrypt('KRSXG5CTMVRXEZLU');
    const rotating = new SecretBox(NEW, OLD);
    expect(rotating.read(written)).toEqual({ secret: 'KRSXG5CTMVRXEZLU', current: false });
    expect(() => new SecretBox(NEW).decrypt(written)).toThrow();
    expect(new SecretBox(NEW).decrypt(rotating.encrypt('KRSXG5CTMVRXEZLU'))).toBe('KRSXG5CTMVRXEZLU');
  });

  it('refuses bytes changed by one bit, and a key that wrote neither', () => {
    const stored = new SecretBox(OLD).encrypt('KRSXG5CTMVRXEZLU');
    stored[stored.length - 1] ^= 1;
    expect(() => new SecretBox(OLD).decrypt(stored)).toThrow();
    expect(() => new SecretBox(NEW, 'some-third-key-of-at-least-32-characters').decrypt(new SecretBox(OLD).encrypt('x'))).toThrow();
  });
});
