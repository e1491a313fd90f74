import { mixesScripts } from './script-mixing.js';
import { confusable, imitatedName, PROTECTED_NAME_WORDS, skeleton } from './look-alikes.js';

describe('look-alike names (UTS #39 skeletons from Unicode confusables)', () => {
  it('catches names wholly in another script that the mixed-script rule lets through', () => {
    const cyrillicPope = '\u0420\u043e\u0440\u0435'; // "Роре", every letter Cyrillic
    expect(mixesScripts(cyrillicPope)).toBe(false);
    expect(confusable(cyrillicPope, 'Pope')).toBe(true);
    const cyrillicSupport = '\u0455\u0438\u0440\u0440\u043e\u0433\u0442'; // "ѕиррогт": some letters look like none
    expect(mixesScripts(cyrillicSupport)).toBe(false);
    expect(confusable(cyrillicSupport, 'support')).toBe(false);
  });

  it('imitates a staff name in Cyrillic letters, in either case, and official words', () => {
    const samStaff = '\u0405\u0430m \u0405t\u0430ff'; // "Ѕаm Ѕtаff": Cyrillic S and a
    expect(imitatedName(samStaff, ['Sam Staff'])).toBe('Sam Staff');
    expect(imitatedName('\u0405\u0410M \u0405T\u0410FF', ['Sam Staff'])).toBe('Sam Staff');
    expect(imitatedName('\u0455\u0443\u0440\u0440ort', PROTECTED_NAME_WORDS)).toBeUndefined();
    expect(imitatedName('\u0455u\u0440\u0440ort', PROTECTED_NAME_WORDS)).toBe('support');
    // Latin letters alone can imitate too: "rn" reads as "m".
    expect(imitatedName('Adrnin', PROTECTED_NAME_WORDS)).toBe('admin');
    // Full-width letters are the same name after NFKC, and so are other look-alikes of it.
    expect(imitatedName('\uff21dmin', PROTECTED_NAME_WORDS)).toBeUndefined();
    expect(imitatedName('\u13aadmin', PROTECTED_NAME_WORDS)).toBe('admin'); // Cherokee Ꭺ
  });

  it('leaves the same spelling (two people may share a name) and real names in any script alone', () => {
    expect(confusable('Sam Staff', 'sam  staff')).toBe(false);
    expect(imitatedName('Admin', PROTECTED_NAME_WORDS)).toBeUndefined();
    // Russian, Greek and Ukrainian names are names, unless one of the shop's people is called their look-alike.
    for (const name of [
      '\u041c\u0430\u0448\u0430',
      '\u041e\u043b\u0435\u0433',
      '\u0418\u0432\u0430\u043d',
      '\u0395\u03bb\u03ad\u03bd\u03b7',
    ]) {
      expect(imitatedName(name, [...PROTECTED_NAME_WORDS, 'Sam Staff', 'Masha', 'Oleg'])).toBeUndefined();
    }
    expect(imitatedName('\u0412\u0435\u0440\u0430', ['Vera'])).toBeUndefined();
    // "Вера" reads "Bepa": refused only beside a "Bepa" on the staff.
    expect(imitatedName('\u0412\u0435\u0440\u0430', ['Bepa'])).toBe('Bepa');
  });

  it('computes the skeleton as UTS #39 does: each confusable to its prototype, after NFD', () => {
    expect(skeleton('\u0420\u043e\u0440\u0435')).toBe('Pope');
    expect(skeleton('admin')).toBe('adrnin');
    expect(skeleton('e\u0301')).toBe(skeleton('\u00e9'));
  });
});
