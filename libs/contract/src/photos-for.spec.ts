import { photosFor } from './catalogue.js';

describe('photosFor (which gallery photos the product page shows for a chosen option value)', () => {
  const photos = [
    { _id: 'a', optionValue: null },
    { _id: 'navy-1', optionValue: 7 },
    { _id: 'b', optionValue: null },
    { _id: 'navy-2', optionValue: 7 },
    { _id: 'red', optionValue: 9 },
  ];
  const ids = (list: Array<{ _id: string }>) => list.map((photo) => photo._id);

  it("shows the chosen value's photos, in gallery order", () => {
    expect(ids(photosFor(photos, 7))).toEqual(['navy-1', 'navy-2']);
    expect(ids(photosFor(photos, 9))).toEqual(['red']);
  });

  it('falls back to the untied photos when nothing is chosen or the value has no photos', () => {
    expect(ids(photosFor(photos, null))).toEqual(['a', 'b']);
    expect(ids(photosFor(photos, undefined))).toEqual(['a', 'b']);
    expect(ids(photosFor(photos, 42))).toEqual(['a', 'b']);
  });

  it('shows the whole gallery when every photo is tied to some value and none to the chosen one', () => {
    const tiedOnly = photos.filter((photo) => photo.optionValue !== null);
    expect(ids(photosFor(tiedOnly, null))).toEqual(['navy-1', 'navy-2', 'red']);
    expect(photosFor([], 7)).toEqual([]);
  });
});
