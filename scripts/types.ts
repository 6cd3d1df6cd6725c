// npm run types          writes spec/types.gen.ts from spec/openapi.yaml
// npm run types:check    exits 1 when spec/types.gen.ts is stale
import { writeFile } from 'node:fs/promises';
import { flag, parseCommand, refuse, runMain } from '../cli/kit/command.js';
import { checkTypes, renderTypes, TYPES_PATH } from '../spec/render-types.js';

export const TYPES_COMMAND = {
  name: 'types',
  synopsis: 'npm run types -- [options]',
  options: { check: flag('write nothing; exit 1 when spec/types.gen.ts is stale') },
};

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(TYPES_COMMAND, argv, ({ values }) => ({ ok: true as const, ...values }));
  if (!parsed.ok) return refuse(TYPES_COMMAND, parsed);
  if (parsed.check) {
    const status = await checkTypes();
    if (status.fresh) {
      console.log('types: spec/types.gen.ts is up to date');
      return 0;
    }
    console.error(`types: ${status.reason}; run \`npm run types\` and commit the result`);
    return 1;
  }
  await writeFile(TYPES_PATH, await renderTypes());
  console.log('types: wrote spec/types.gen.ts');
  return 0;
}

await runMain(import.meta.url, main);
