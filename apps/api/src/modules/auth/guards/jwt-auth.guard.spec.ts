import { Reflector } from '@nestjs/core';
import { UnauthenticatedError } from '../../../common/errors.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';

describe('JwtAuthGuard.handleRequest', () => {
  const guard = new JwtAuthGuard(new Reflector());

  it('answers a bad or missing token with 401 and the reason', () => {
    const expired = Object.assign(new Error('jwt expired'), { name: 'TokenExpiredError' });
    expect(() => guard.handleRequest(null, false, expired)).toThrow(new UnauthenticatedError('Your session has expired; sign in again'));
    expect(() => guard.handleRequest(null, false, new Error('No auth token'))).toThrow(new UnauthenticatedError('Sign in to continue'));
    expect(() => guard.handleRequest(null, false, new Error('invalid signature'))).toThrow(
      new UnauthenticatedError('Your session is not valid; sign in again'),
    );
  });

  it('passes on a failure of the user lookup (the database down) instead of signing the user out', () => {
    const outage = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    expect(() => guard.handleRequest(outage, false, undefined)).toThrow(outage);
  });
});
