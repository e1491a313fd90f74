import { ifNoneMatchNames, parseIfNoneMatch } from './product-photos.service.js';

describe('parseIfNoneMatch', () => {
  it('reads no header as no tag', () => {
    expect(parseIfNoneMatch(undefined)).toEqual({ tags: [], any: false });
    expect(parseIfNoneMatch('')).toEqual({ tags: [], any: false });
  });

  it('compares weakly: W/"x" counts as "x"', () => {
    expect(parseIfNoneMatch('W/"a", "b" ,W/"c"')).toEqual({ tags: ['"a"', '"b"', '"c"'], any: false });
  });

  it('reads * as any photo', () => {
    expect(parseIfNoneMatch('*').any).toBe(true);
  });

  it('compares at most 16 tags', () => {
    const header = Array.from({ length: 40 }, (_, i) => `"${i}"`).join(', ');
    expect(parseIfNoneMatch(header).tags).toHaveLength(16);
  });
});

describe('ifNoneMatchNames', () => {
  const etag = '"abc_-09"';
  it.each([
    etag,
    `W/${etag}`,
    ` ${etag} `,
    ` W/${etag}`,
    'W/W/"abc_-09"',
    '"other"',
    '*',
    ' * ',
    'W/*',
    '',
    '   ',
    ',',
    `"other", ${etag}`,
    `"other",W/${etag}`,
    '"other", *',
    `${Array.from({ length: 16 }, (_, i) => `"t${i}"`).join(', ')}, ${etag}`,
    `${etag},`,
  ])('reads %j as parseIfNoneMatch does', (header) => {
    const { tags, any } = parseIfNoneMatch(header);
    expect(ifNoneMatchNames(header, etag)).toBe(any || tags.includes(etag));
  });
});
