// npm run types          writes spec/types.gen.ts from spec/openapi.yaml
// npm run types:check    exits 1 when spec/types.gen.ts is stale
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkTypes, renderTypes, TYPES_PATH } from '../spec/render-types.js';

async function main(): Promise<number> {
  let check = false;
  try {
    ({
      values: { check = false },
    } = parseArgs({ options: { check: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    console.error(`types: ${(err as Error).message}\nusage: npm run types [-- --check]`);
    return 2;
  }
  if (check) {
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

process.exitCode = await main();
