import { mixesScripts, scriptsOf } from './script-mixing.js';

describe('mixesScripts', () => {
  it('refuses look-alike letters of another script inside a name', () => {
    // A Cyrillic "а" (U+0430) and "А" (U+0410) among Latin letters: they look like "Admin" and "Shop Admin".
    expect(mixesScripts('\u0410dmin')).toBe(true);
    expect(mixesScripts('Shop \u0430dmin')).toBe(true);
    // A Greek omicron in a Latin name, a Latin "a" in a Cyrillic one, Armenian and Cherokee look-alikes.
    expect(mixesScripts('R\u03bfbert')).toBe(true);
    expect(mixesScripts('\u0418\u0432a\u043d')).toBe(true);
    expect(mixesScripts('\u0555scar')).toBe(true);
    expect(mixesScripts('\u13aadmin')).toBe(true);
    expect(scriptsOf('\u0410dmin')).toEqual(new Set(['Cyrillic', 'Latin']));
  });

  it('accepts names in one script, whatever it is, with digits, punctuation, spaces and accents', () => {
    for (const name of [
      'Ada Lovelace',
      'Zoë O’Brien-Smith',
      'José Ñúñez 2nd',
      'Ивaн'.replace('a', 'а'),
      'Αλέξανδρος',
      'محمد علي',
      'דוד',
      'Nguyễn Văn An',
      'e\u0301lodie',
      '42 & co.',
    ]) {
      expect(mixesScripts(name)).toBe(false);
    }
  });

  it('accepts the scripts that are written together: Japanese, Chinese with Bopomofo, Korean, each with Latin', () => {
    expect(mixesScripts('山田 たろう タロウ')).toBe(false);
    expect(mixesScripts('Tanaka 田中さん')).toBe(false);
    expect(mixesScripts('王ㄅ小明')).toBe(false);
    expect(mixesScripts('Kim 김민수 金')).toBe(false);
    // But not Korean with Japanese kana, nor any of them with Cyrillic.
    expect(mixesScripts('김 たろう')).toBe(true);
    expect(mixesScripts('田中 Иван')).toBe(true);
  });
});
