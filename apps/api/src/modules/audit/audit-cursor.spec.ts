import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor.js';

describe('audit cursor', () => {
  const cursor = { at: '2026-11-22T19:30:00.123456Z', id: '3f1c1c1e-7a51-4a4e-9a5e-6f0f2e6b2a10' };

  it('round-trips the microseconds and the id through an opaque URL-safe string', () => {
    const encoded = encodeAuditCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAuditCursor(encoded)).toEqual(cursor);
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['a bad id', Buffer.from(JSON.stringify(['nope', cursor.at])).toString('base64url')],
    ['a bad time', Buffer.from(JSON.stringify([cursor.id, 'yesterday'])).toString('base64url')],
    ['extra parts', Buffer.from(JSON.stringify([cursor.id, cursor.at, 'x'])).toString('base64url')],
  ])('refuses %s with a 400 naming the parameter', (_, after) => {
    expect(() => decodeAuditCursor(after)).toThrow(
      expect.objectContaining({ status: 400, details: [{ field: 'after', message: 'is not a valid cursor' }] }),
    );
  });
});
