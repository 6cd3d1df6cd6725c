// The flag tables of the docs come from the commands' declarations: a changed
// declaration makes the docs stale (npm run readme -- --check fails) until
// they are rendered again.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { flag } from '../../cli/kit/command.js';
import { CHECKS } from '../../contracts/checks/registry.js';
import { checksTable } from '../../contracts/checks/registry-text.js';
import {
  CONTRACTS_DOC_PATH,
  FLAG_COMMANDS,
  FLAG_DOCS,
  renderChecksSection,
  renderFlagSections,
} from '../../scripts/readme.js';

const docs = await Promise.all(FLAG_DOCS.map((path) => readFile(path, 'utf8')));

t.test('every command of the registry has its flag table in the docs, once', async (t) => {
  for (const name of Object.keys(FLAG_COMMANDS)) {
    const marker = `<!-- flags:${name}:start (npm run readme) -->`;
    t.equal(docs.join('\n').split(marker).length - 1, 1, name);
  }
});

t.test('a declaration that changes leaves the docs stale until rendered again', async (t) => {
  const mock = FLAG_COMMANDS.mock!;
  const changed = { ...FLAG_COMMANDS, mock: { ...mock, options: { ...mock.options, verbose: flag('say more') } } };
  const doc = docs[FLAG_DOCS.findIndex((p) => p.endsWith('/mock.md'))]!;
  t.equal(renderFlagSections(doc), doc, 'fresh against the real declaration');
  const next = renderFlagSections(doc, changed);
  t.not(next, doc, 'stale against the changed one');
  t.match(next, '| `--verbose` | | | say more |');
  t.equal(renderFlagSections(next, changed), next, 'and fresh once rendered');
});

t.test('a marker naming no command is an error, not a silent no-op', async (t) => {
  const text = '<!-- flags:nope:start (npm run readme) -->\nold\n<!-- flags:nope:end -->';
  t.throws(() => renderFlagSections(text), /names no command: nope/);
});

t.test('the check table of docs/contracts.md comes from the registry, and goes stale with it', async (t) => {
  const doc = await readFile(CONTRACTS_DOC_PATH, 'utf8');
  t.equal(renderChecksSection(doc), doc, 'fresh against the registry');
  const renamed = CHECKS.map((c) => (c.name === 'negative:method' ? { ...c, name: 'negative:verb' } : c));
  const next = renderChecksSection(doc, checksTable(renamed));
  t.not(next, doc, 'stale against a changed registry');
  t.match(next, /^\| `negative:verb` \| negative \| a method the spec lacks/m);
  t.equal(doc.split('<!-- checks:start (npm run readme) -->').length - 1, 1, 'one table');
  t.ok(
    CHECKS.every((c) => doc.includes(`| \`${c.name}\` |`)),
    'a row per entry',
  );
});
