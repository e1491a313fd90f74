import { changedFields } from './audit-changes.js';

describe('changedFields', () => {
  const fields = ['name', 'price', 'tags'] as const;

  it('keeps only the fields whose value changed, with both values', () => {
    expect(changedFields({ name: 'Tee', price: 10, tags: ['a'] }, { name: 'Tee', price: 12, tags: ['a'] }, fields)).toEqual({
      price: { before: 10, after: 12 },
    });
  });

  it('compares nested values by content', () => {
    expect(changedFields({ name: 'a', price: 1, tags: ['x', 'y'] }, { name: 'a', price: 1, tags: ['x', 'y'] }, fields)).toEqual({});
    expect(changedFields({ name: 'a', price: 1, tags: ['x'] }, { name: 'a', price: 1, tags: ['y'] }, fields)).toEqual({
      tags: { before: ['x'], after: ['y'] },
    });
  });

  it('treats a create as every field from null, a delete as every field to null', () => {
    expect(changedFields(null, { name: 'Tee', price: 10, tags: [] }, fields)).toEqual({
      name: { before: null, after: 'Tee' },
      price: { before: null, after: 10 },
      tags: { before: null, after: [] },
    });
    expect(changedFields({ name: 'Tee', price: 10, tags: [] }, null, ['name'])).toEqual({ name: { before: 'Tee', after: null } });
  });
});
