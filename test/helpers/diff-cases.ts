// One row per category of change: mutate base() and expect a change of `kind`,
// breaking or not; a non-breaking row also expects nothing else breaking.
import t from 'tap';
import { type Doc, diff } from './diff-fixture.js';

export interface DiffCase {
  name: string;
  mutate: (d: Doc) => void;
  kind: string;
  breaking: boolean;
  where?: RegExp;
}

/** A row for a breaking change; `where` matches its location. */
export const breaks = (name: string, kind: string, mutate: (d: Doc) => void, where?: RegExp): DiffCase => ({
  name,
  mutate,
  kind,
  breaking: true,
  ...(where ? { where } : {}),
});

/** A row for a change that breaks nothing. */
export const safe = (name: string, kind: string, mutate: (d: Doc) => void): DiffCase => ({
  name,
  mutate,
  kind,
  breaking: false,
});

export function checkCases(cases: DiffCase[]): void {
  for (const c of cases) {
    t.test(c.name, async (t) => {
      const changes = await diff(c.mutate);
      const hit = changes.find((x) => x.kind === c.kind);
      t.ok(hit, `reports ${c.kind}`, { changes });
      t.equal(hit?.breaking, c.breaking, c.breaking ? 'breaking' : 'not breaking');
      if (c.where) t.match(hit?.location, c.where);
      if (!c.breaking)
        t.same(
          changes.filter((x) => x.breaking),
          [],
          'nothing else breaking',
        );
    });
  }
}
