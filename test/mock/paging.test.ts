import t from 'tap';
import { pageWindow, paginate } from '../../mock/handlers/paging.js';

t.test('the page window matches Laravel’s UrlWindow (3 on each side)', async (t) => {
  const cases: Array<[number, number, Array<number | null>]> = [
    [1, 1, [1]],
    [2, 5, [1, 2, 3, 4, 5]],
    [1, 13, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]],
    [1, 20, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null, 19, 20]],
    [10, 20, [1, 2, null, 7, 8, 9, 10, 11, 12, 13, null, 19, 20]],
    [19, 20, [1, 2, null, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
  ];
  for (const [current, last, want] of cases) t.same(pageWindow(current, last), want, `${current} of ${last}`);
});

t.test('paginate builds a consistent envelope', async (t) => {
  const items = Array.from({ length: 45 }, (_, i) => i + 1);
  const p = paginate(items, 3, 20, 'http://h/api/v1/client/list');
  t.same([p.from, p.to, p.total, p.last_page, p.per_page, p.data], [41, 45, 45, 3, 20, [41, 42, 43, 44, 45]]);
  t.equal(p.prev_page_url, 'http://h/api/v1/client/list?page=2');
  t.equal(p.next_page_url, null);
  t.same(
    p.links.map((l) => l.label),
    ['&laquo; Previous', '1', '2', '3', 'Next &raquo;'],
  );
  const empty = paginate([], 1, 20, 'http://h/p');
  t.same([empty.from, empty.to, empty.last_page, empty.total], [null, null, 1, 0]);
});
