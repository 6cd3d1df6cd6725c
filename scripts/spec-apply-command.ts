// npm run spec:apply's command line, declared once: parsing, --help and the
// flag table of docs/contracts.md (npm run readme) come from it. Apart from
// scripts/spec-apply.ts, which imports the README's renderers.
import { flag, value } from '../cli/kit/command.js';

export const SPEC_APPLY_COMMAND = {
  name: 'spec:apply',
  synopsis: 'npm run spec:apply -- FILE [options]',
  positionals: { label: 'FILE', description: 'a JSON Patch (RFC 6902) for the spec, as --ledger-patch writes it' },
  options: {
    spec: value(
      'PATH',
      "the spec to change; another file than the project's own is changed alone (nothing regenerated)",
      {
        shownDefault: 'spec/openapi.yaml',
      },
    ),
    'dry-run': flag('check that the patch applies and that the mock starts from the result; change nothing'),
  },
  notes: ['exit code: 0 applied (or, with --dry-run, would apply), 2 it does not apply and nothing changed'],
};
