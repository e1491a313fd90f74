import { PRODUCT_SEARCH_MAX_CHARS, PRODUCT_SEARCH_MIN_WORD_CHARS, PRODUCT_SIZES } from '@store/contract';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCategories } from '@/api/categories/list-categories';
import { useProducts } from '@/api/products/list-products';
import { paths } from '@/lib/paths';
import { KEEP_SCROLL } from '@/lib/scroll-restoration';
import { catalogueView } from '../catalogue-view';

/** The sorts a shopper picks from: `sortBy.order` as the select's value. The first is the default. */
const SORTS = [
  ['createdAt.desc', 'Newest'],
  ['price.asc', 'Price: low to high'],
  ['price.desc', 'Price: high to low'],
  ['sold.desc', 'Best-selling'],
] as const;
const DEFAULT_SORT = SORTS[0][0];

const HINT_ID = 'catalogue-search-hint';

const FORM_ID = 'catalogue-search';

/**
 * The home page's search box, sort select and category chips. Everything they set lives in the URL query (see
 * catalogueView), each change a new history entry: a link reproduces the view, Back goes to the one before. Its own
 * chunk, loaded after the grid's: the home page's first screenful is the products, and its JS budget is tight.
 * Rendered by the server, they work before any script runs: the chips are links, and the search box and the sort
 * select are one GET form to the home page (the select sends `sort`, which catalogueView reads; the category
 * travels in a hidden field).
 */
export function CatalogueFilters() {
  const { search: query } = useLocation();
  const navigate = useNavigate();
  const view = catalogueView(query);
  const [hint, setHint] = useState<string | null>(null);
  const categories = useCategories();
  // The colours on offer: those of the first page of products this view shows without the colour and size filters
  // (the grid's own first page, usually in the cache already), with the one in the URL kept. The first page only,
  // not every page loaded since: on a server-rendered page the filters hydrate when their chunk arrives, by which
  // time a shopper scrolled to the end (or a reload there) may have loaded the next page, and their options must
  // still be those the server drew (docs/web.md, Server rendering).
  const { colour: _colour, size: _size, ...unfiltered } = view;
  const firstPage = useProducts(unfiltered, 12).firstPage;
  const colours = [
    ...new Set([
      ...firstPage.flatMap((product) =>
        (product.options ?? [])
          .filter((option) => ['colour', 'color'].includes(option.name.toLowerCase()))
          .flatMap((option) => option.values.map((value) => value.value)),
      ),
      ...(view.colour ? [view.colour] : []),
    ]),
  ];

  /** The query string of this view with `changes` made (an undefined value removes the parameter). */
  const changed = (changes: Record<string, string | undefined>): string => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next.toString();
  };

  // A new history entry per change (Back undoes it); the page stays where it is scrolled to.
  const show = (search: string) => navigate({ pathname: paths.home, search }, { state: KEEP_SCROLL });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '')
      .trim()
      .replace(/\s+/g, ' ');
    // The API's rule (its index is of 3-letter pieces), said here before a round trip and a 400.
    if (q && !q.split(' ').some((word) => [...word].length >= PRODUCT_SEARCH_MIN_WORD_CHARS)) {
      setHint(`Type a word of at least ${PRODUCT_SEARCH_MIN_WORD_CHARS} letters to search.`);
      return;
    }
    setHint(null);
    show(changed({ q: q || undefined }));
  };

  const sort = (value: string) => {
    const [sortBy, order] = value.split('.');
    show(changed(value === DEFAULT_SORT ? { sortBy: undefined, order: undefined, sort: undefined } : { sortBy, order, sort: undefined }));
  };

  const chips = [{ _id: '', name: 'All' }, ...(categories.data ?? [])];
  return (
    <div className="catalogue-filters mb-4">
      <div className="row g-2 mb-3">
        <form id={FORM_ID} role="search" method="get" action={paths.home} className="col-md-8 d-flex gap-2" onSubmit={onSearch}>
          {view.category ? <input type="hidden" name="category" value={view.category} /> : null}
          <input
            // A new search in the URL (Back, a link) shows in the box; typing alone never resets it.
            key={view.q ?? ''}
            type="search"
            name="q"
            className="form-control"
            defaultValue={view.q}
            placeholder="Search t-shirts"
            aria-label="Search t-shirts"
            aria-describedby={hint ? HINT_ID : undefined}
            aria-invalid={hint ? true : undefined}
            maxLength={PRODUCT_SEARCH_MAX_CHARS}
            enterKeyHint="search"
          />
          <button type="submit" className="btn btn-success">
            Search
          </button>
        </form>
        <div className="col-md-4 d-flex align-items-center gap-2">
          <label htmlFor="catalogue-sort" className="text-nowrap">
            Sort by
          </label>
          <select
            id="catalogue-sort"
            name="sort"
            form={FORM_ID}
            className="form-select"
            value={`${view.sortBy}.${view.order}`}
            onChange={(e) => sort(e.target.value)}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hint ? (
        <p id={HINT_ID} className="text-danger small" role="alert">
          {hint}
        </p>
      ) : null}
      {colours.length > 0 || view.size || firstPage.some((product) => product.options?.length) ? (
        <div className="row g-2 mb-3">
          <div className="col-6 col-md-3 d-flex align-items-center gap-2">
            <label htmlFor="catalogue-colour" className="text-nowrap">
              Colour
            </label>
            <select
              id="catalogue-colour"
              className="form-select form-select-sm"
              value={view.colour ?? ''}
              onChange={(e) => show(changed({ colour: e.target.value || undefined }))}
            >
              <option value="">Any</option>
              {colours.map((colour) => (
                <option key={colour} value={colour}>
                  {colour}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3 d-flex align-items-center gap-2">
            <label htmlFor="catalogue-size" className="text-nowrap">
              Size in stock
            </label>
            <select
              id="catalogue-size"
              className="form-select form-select-sm"
              value={view.size ?? ''}
              onChange={(e) => show(changed({ size: e.target.value || undefined }))}
            >
              <option value="">Any</option>
              {PRODUCT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      <nav aria-label="Categories" className="d-flex gap-2 catalogue-chips">
        {chips.map((category) => {
          const active = (view.category ?? '') === category._id;
          return (
            <Link
              key={category._id}
              to={{ pathname: paths.home, search: changed({ category: category._id || undefined }) }}
              state={KEEP_SCROLL}
              className={`btn btn-sm rounded-pill ${active ? 'btn-success' : 'btn-outline-success'}`}
              aria-current={active ? 'true' : undefined}
            >
              {category.name}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
