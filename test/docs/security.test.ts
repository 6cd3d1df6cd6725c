// docs/security.md lists every promise next to the test that keeps it. This
// keeps the list honest: every promise names a test file that exists and, in
// quotes after it, test names that file really holds, so a renamed or deleted
// test cannot leave a promise standing on nothing.
import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';

const DOC = 'docs/security.md';
const text = readFileSync(DOC, 'utf8');

/** The bullets of the "Security of ..." sections, one string each (continuation lines joined). */
function promises(markdown: string): string[] {
  const out: string[] = [];
  let inSection = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) inSection = line.startsWith('## Security of');
    else if (!inSection) continue;
    else if (line.startsWith('- ')) out.push(line.slice(2));
    else if (/^\s+\S/.test(line) && out.length) out[out.length - 1] += ` ${line.trim()}`;
  }
  return out;
}

/** `test/x.test.ts`: "name", "name" pairs cited in one promise. */
function citations(promise: string): Array<{ file: string; names: string[] }> {
  const out: Array<{ file: string; names: string[] }> = [];
  for (const m of promise.matchAll(/`(test\/[^`]+\.test\.ts)`((?::?\s*"[^"]+",?)*)/g)) {
    out.push({ file: m[1]!, names: [...(m[2] ?? '').matchAll(/"([^"]+)"/g)].map((n) => n[1]!) });
  }
  return out;
}

const all = promises(text);

t.test('the document has promises for the mock, the contract suite, the client and the proxy', async (t) => {
  for (const part of ['the mock', 'the contract suite', 'the typed client', 'the proxy'])
    t.match(text, `## Security of ${part}`, part);
  t.ok(all.length >= 10, `${all.length} promises`);
});

t.test(
  'every promise but the "Not promised" ones names a test that exists, and the test names it quotes',
  async (t) => {
    for (const p of all) {
      const title = p.match(/^\*\*([^*]+)\*\*/)?.[1] ?? p.slice(0, 40);
      if (title.startsWith('Not promised')) continue;
      const cited = citations(p);
      t.ok(cited.length > 0, `${title}: names a test file`);
      for (const { file, names } of cited) {
        t.ok(existsSync(file), `${title}: ${file} exists`);
        if (!existsSync(file)) continue;
        const source = readFileSync(file, 'utf8');
        for (const name of names) t.ok(source.includes(name), `${title}: ${file} holds a test "${name}"`);
      }
    }
  },
);

t.test('the citation reader finds what a promise cites (and what it does not)', async (t) => {
  t.same(citations('kept by `test/a.test.ts`: "one", "two"; and `test/b.test.ts`'), [
    { file: 'test/a.test.ts', names: ['one', 'two'] },
    { file: 'test/b.test.ts', names: [] },
  ]);
  t.same(citations('no test here, only `mock/build.ts`'), []);
  t.same(promises('## Security of x\n- **A** one\n  two\n## Other\n- **B**'), ['**A** one two']);
});
