// The docs' flag tables are rendered from a command's declaration, as its usage is.
import t from 'tap';
import { flag, oneOf, usage, value, wholeNumber } from '../../../cli/kit/command.js';
import { flagTable } from '../../../cli/kit/flag-table.js';

const EXAMPLE = {
  name: 'example',
  synopsis: 'npm run example -- [options]',
  bin: 'mcs-example',
  positionals: { label: 'BASE', description: 'what to start from' },
  options: {
    port: value('N', 'port to listen on', { parse: wholeNumber(0, 65535), default: 4010 }),
    host: value('HOST', 'address to bind', { shownDefault: '127.0.0.1' }),
    url: value('URL', 'where to go', { required: true }),
    mode: value('M', 'how | to run', { parse: oneOf(['fast', 'slow'] as const), repeatable: true }),
    quiet: flag('say less'),
  },
};

t.test('a row per option: flag, argument, default, description with what it accepts', async (t) => {
  const table = flagTable(EXAMPLE).split('\n');
  t.equal(table[0], 'Usage: `npm run example -- [options]`; installed: `mcs-example [options]`');
  t.same(table.slice(2), [
    '| Flag | Argument | Default | What it does |',
    '|---|---|---|---|',
    '| BASE | | | what to start from |',
    '| `--port` | `N` | `4010` | port to listen on (0 to 65535) |',
    '| `--host` | `HOST` | `127.0.0.1` | address to bind |',
    '| `--url` | `URL` | required | where to go |',
    '| `--mode` | `M` | | how \\| to run (fast or slow; repeatable) |',
    '| `--quiet` | | | say less |',
    '| `--help` | | | show the usage and exit 0 |',
  ]);
});

t.test('the table and the usage show the same defaults', async (t) => {
  t.match(usage(EXAMPLE), /--port N\s+port to listen on \(0 to 65535; default 4010\)/);
  t.match(usage(EXAMPLE), /--host HOST\s+address to bind \(default 127\.0\.0\.1\)/);
});

t.test('without a bin, only the npm synopsis', async (t) => {
  const { bin: _bin, ...plain } = EXAMPLE;
  t.equal(flagTable(plain).split('\n')[0], 'Usage: `npm run example -- [options]`');
});
