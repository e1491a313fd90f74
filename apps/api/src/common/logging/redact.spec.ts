import { REDACTED, redact, scrubText } from './redact.js';

describe('redact', () => {
  it('replaces secret-named keys at any depth and keeps the rest', () => {
    expect(
      redact({
        email: 'a@example.com',
        password: 'hunter22',
        newPassword: 'hunter23',
        nested: { Authorization: 'Bearer abc', cookie: 'sid=1', jwtSecret: 'x'.repeat(32), clientToken: 't' },
        list: [{ payment_method_nonce: 'fake-valid-nonce', cardNumber: '4111111111111111', amount: '10.00' }],
        BRAINTREE_PRIVATE_KEY: 'pk',
        userId: 'u1',
      }),
    ).toEqual({
      email: 'a@example.com',
      password: REDACTED,
      newPassword: REDACTED,
      nested: { Authorization: REDACTED, cookie: REDACTED, jwtSecret: REDACTED, clientToken: REDACTED },
      list: [{ payment_method_nonce: REDACTED, cardNumber: REDACTED, amount: '10.00' }],
      BRAINTREE_PRIVATE_KEY: REDACTED,
      userId: 'u1',
    });
  });

  it('makes any value safe to serialise', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ name: 'loop', self: '[circular]' });
    expect(redact({ big: 12n, at: new Date(0), bytes: Buffer.alloc(3), fn: () => 1 })).toEqual({
      big: '12',
      at: '1970-01-01T00:00:00.000Z',
      bytes: '[3 bytes]',
      fn: undefined,
    });
    expect(redact(new Error('no'))).toEqual({ name: 'Error', message: 'no' });
  });
});

describe('scrubText', () => {
  it('removes bearer and basic credentials and bare JWTs from free text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.sig_-nature';
    expect(scrubText(`Authorization: Bearer ${jwt}`)).toBe('Authorization: Bearer [redacted]');
    expect(scrubText('auth Basic dXNlcjpwYXNz==')).toBe('auth Basic [redacted]');
    expect(scrubText(`token=${jwt} rest`)).toBe('token=[redacted] rest');
    expect(scrubText('authorization: bearer abc.def')).toBe('authorization: bearer [redacted]');
    expect(scrubText('GET /api/categories 200')).toBe('GET /api/categories 200');
    expect(scrubText('Basic information about the bearer of the card')).toBe('Basic information about the bearer of the card');
  });
});
