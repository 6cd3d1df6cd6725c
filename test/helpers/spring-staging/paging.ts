// The paged list envelope of §2.5, built from a Spring Data Page the way a team
// porting a Laravel app would: a DTO with the paginator's field names and URLs
// (`?page=N` on the endpoint's absolute URL), links with Laravel's labels.
import type { Ctx } from './http.js';

export function pageEnvelope(ctx: Ctx, items: unknown[], page: number, perPage: number): Record<string, unknown> {
  const total = items.length;
  const pages = ctx.sw.has('last-page-floor') ? Math.floor(total / perPage) : Math.ceil(total / perPage);
  const lastPage = Math.max(1, pages);
  const offset = (page - 1) * perPage;
  const data = items.slice(offset, offset + perPage);
  const path = `${ctx.base}${ctx.route}`;
  const url = (p: number) => `${path}?page=${p}`;
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const envelope: Record<string, unknown> = {
    current_page: page,
    data,
    first_page_url: url(1),
    // Spring's Page: an empty page still starts after its offset, so to - from + 1 == data.length.
    from: offset + 1,
    last_page: lastPage,
    last_page_url: url(lastPage),
  };
  if (!ctx.sw.has('envelope-no-links')) {
    envelope.links = [
      { url: prev, label: '&laquo; Previous', active: false },
      ...Array.from({ length: lastPage }, (_, i) => ({
        url: url(i + 1),
        label: String(i + 1),
        active: i + 1 === page,
      })),
      { url: next, label: 'Next &raquo;', active: false },
    ];
  }
  Object.assign(envelope, {
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to: offset + data.length,
    total,
  });
  return envelope;
}

/** page from the body, else from `?page=` (the envelope's own URLs), else 1. */
export function requestedPage(ctx: Ctx, fromBody: number | undefined): number {
  if (fromBody !== undefined) return fromBody;
  const q = ctx.query.get('page');
  return q !== null && /^\d{1,9}$/.test(q) && Number(q) >= 1 ? Number(q) : 1;
}
