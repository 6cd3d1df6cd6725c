// Laravel's LengthAwarePaginator envelope, section 2.5: numbers, page URLs and
// the `links` list with its window of pages around the current one.
import type { components } from '../../spec/types.gen.js';

type Link = components['schemas']['PageLink'];
export type Page<T> = Omit<components['schemas']['ClientPage'], 'data'> & { data: T[] };

const ON_EACH_SIDE = 3;

/** The page numbers Laravel's UrlWindow shows, with null for a `...` gap. */
export function pageWindow(current: number, last: number): Array<number | null> {
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  const window = ON_EACH_SIDE + 4;
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, ...range(last - 1, last)];
  if (current > last - window) return [...range(1, 2), null, ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
  return [
    ...range(1, 2),
    null,
    ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE),
    null,
    ...range(last - 1, last),
  ];
}

/** One page of `items` (newest first); `ascending` pages them from the other end, oldest first, without
 *  reversing a list that may hold a million ids. */
export function paginate<T>(
  items: readonly T[],
  page: number,
  perPage: number,
  path: string,
  ascending = false,
): Page<T> {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = ascending
    ? items.slice(Math.max(0, total - start - perPage), Math.max(0, total - start)).reverse()
    : items.slice(start, start + perPage);
  const url = (n: number) => `${path}?page=${n}`;
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const links: Link[] = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(page, lastPage).map(
      (n): Link =>
        n === null ? { url: null, label: '...', active: false } : { url: url(n), label: String(n), active: n === page },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return {
    current_page: page,
    data,
    first_page_url: url(1),
    from: data.length ? start + 1 : null,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to: data.length ? start + data.length : null,
    total,
  };
}
