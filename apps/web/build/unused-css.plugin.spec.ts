import postcss from 'postcss';
import { dropUnusedRules, usedWords } from './unused-css.plugin';

/** The CSS left after dropping what `source` never names. */
function kept(css: string, source: string): string {
  const root = postcss.parse(css);
  dropUnusedRules(root, usedWords([source]));
  return root.toString().replace(/\s+/g, ' ').trim();
}

describe('dropping unused CSS at build', () => {
  it('drops a rule whose class the source never names, and keeps one it does', () => {
    expect(kept('.btn { a: 1 } .card-img-top { b: 2 }', '<button className="btn">')).toBe('.btn { a: 1 }');
  });

  it('keeps a selector list entry by entry', () => {
    expect(kept('.btn, .navbar-toggler { a: 1 }', 'className="btn"')).toBe('.btn { a: 1 }');
  });

  it('keeps the classes of a prefix the source builds at run time (alert-${variant})', () => {
    expect(kept('.alert-danger { a: 1 } .badge-x { b: 2 }', 'className={`alert alert-${variant}`}')).toBe('.alert-danger { a: 1 }');
  });

  it("does not count a class inside :not() as needed (Bootstrap's input-group corners)", () => {
    const css =
      '.input-group:not(.has-validation) > :not(:last-child):not(.dropdown-toggle):not(.dropdown-menu):not(.form-floating) { a: 1 }';
    expect(kept(css, 'className="input-group"')).toBe(css.replace(/\s+/g, ' '));
  });

  it('still drops a rule whose needed class is unused, whatever its :not()', () => {
    expect(kept('.dropdown-menu:not(.show) { a: 1 }', 'className="input-group"')).toBe('');
  });

  it('leaves keyframe steps alone', () => {
    expect(kept('@keyframes spin { from { a: 1 } to { a: 2 } }', '')).toBe('@keyframes spin { from { a: 1 } to { a: 2 } }');
  });
});
