import postcss from 'postcss';
import { purgeUnusedCss } from './purge-css.config';

/** The CSS the build keeps of `css` when the app's source is `source`. */
async function kept(css: string, source: string): Promise<string> {
  const result = await postcss([purgeUnusedCss([{ raw: source, extension: 'html' }])]).process(css, { from: undefined });
  return result.css.replace(/\s+/g, ' ').trim();
}

describe('dropping unused CSS at build (PurgeCSS)', () => {
  it('drops a rule whose class the source never names, and keeps one it does', async () => {
    expect(await kept('.btn { a: 1 } .card-img-top { b: 2 }', '<button className="btn">')).toBe('.btn { a: 1 }');
  });

  it('keeps a selector list entry by entry', async () => {
    expect(await kept('.btn, .navbar-toggler { a: 1 }', 'className="btn"')).toBe('.btn { a: 1 }');
  });

  it('keeps the classes the source builds at run time (alert-${variant})', async () => {
    expect(await kept('.alert-danger { a: 1 } .badge-x { b: 2 }', 'className={`alert alert-${variant}`}')).toBe('.alert-danger { a: 1 }');
  });

  it("does not count a class inside :not() as needed (Bootstrap's input-group corners)", async () => {
    const css =
      '.input-group:not(.has-validation) > :not(:last-child):not(.dropdown-toggle):not(.dropdown-menu):not(.form-floating) { a: 1 }';
    expect(await kept(css, 'className="input-group"')).toBe(css.replace(/\s+/g, ' '));
  });

  it('still drops a rule whose needed class is unused, whatever its :not()', async () => {
    expect(await kept('.dropdown-menu:not(.show) { a: 1 }', 'className="input-group"')).toBe('');
  });

  it('leaves keyframes and custom properties alone', async () => {
    expect(await kept('@keyframes spin { from { a: 1 } to { a: 2 } } :root { --bs-x: 1 }', '')).toBe(
      '@keyframes spin { from { a: 1 } to { a: 2 } } :root { --bs-x: 1 }',
    );
  });

  it('keeps what the card form puts on the page without the source naming it: iframes, the hidden attribute', async () => {
    expect(await kept('iframe { border: 0 } [hidden] { display: none } sub { a: 1 }', '<div>')).toBe(
      'iframe { border: 0 } [hidden] { display: none }',
    );
  });
});
