// npm run build: the package's JavaScript and declarations in dist/ (tsc), and
// beside them the files the code reads at run time, at the same relative places,
// and the Swagger UI files of /docs copied from swagger-ui-dist (a dev
// dependency: the package depends on nothing that reports installs).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { installedSwaggerUi, SWAGGER_UI_LICENSES, SWAGGER_UI_SERVED } from '../mock/pages/swagger-assets.js';
import { writeParsedSpec } from './parsed-spec-file.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = `${ROOT}dist/`;
/** Read by the code through paths relative to its own module. */
const ASSETS = ['spec/openapi.yaml', 'spec/breaking-changes.yaml', 'mock/pages/docs', 'mock/pages/console'];

rmSync(DIST, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${ROOT}tsconfig.build.json`], { stdio: 'inherit' });
for (const path of ASSETS)
  cpSync(`${ROOT}${path}`, `${DIST}${path}`, { recursive: true, filter: (src) => !src.endsWith('.ts') });
// The spec parsed once here, so that start-up reads JSON, not YAML (spec/load.ts checks it is of the same text).
writeParsedSpec(`${DIST}spec/openapi.yaml`);
const swaggerUi = installedSwaggerUi();
if (!swaggerUi) throw new Error('swagger-ui-dist is not installed (a dev dependency): run npm ci first');
for (const name of [...SWAGGER_UI_SERVED, ...SWAGGER_UI_LICENSES])
  cpSync(`${swaggerUi}${name}`, `${DIST}mock/pages/docs/vendor/${name}`);
console.log(`built ${DIST}`);
