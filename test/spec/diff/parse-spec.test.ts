// parseSpecText: what exhausts the parser, the $ref resolver or the differ is named as what it is.
import t from 'tap';
import { MAX_SPEC_DEPTH, parseSpecText } from '../../../spec/diff/parse-spec.js';

const nested = (levels: number) => `paths: ${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}\n`;

t.test('nesting up to MAX_SPEC_DEPTH is read, past it refused; an alias cycle is past any bound', async (t) => {
  t.ok(parseSpecText(nested(MAX_SPEC_DEPTH), 'at'), `${MAX_SPEC_DEPTH} levels`);
  t.throws(() => parseSpecText(nested(MAX_SPEC_DEPTH + 1), 'past'), {
    message: `past is nested too deeply: more than ${MAX_SPEC_DEPTH} levels (spec:diff reads up to that)`,
  });
  t.throws(() => parseSpecText('paths: &a\n  x: *a\n', 'cycle'), { message: /^cycle is nested too deeply/ });
  t.throws(() => parseSpecText('paths: [1\n', 'bad'), { message: /^bad is not valid YAML: / });
  t.throws(() => parseSpecText('openapi: 3.1.0\n', 'none'), { message: 'none is not an OpenAPI document (no paths)' });
});
