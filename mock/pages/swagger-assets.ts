// Where the Swagger UI files of /docs come from. swagger-ui-dist is a dev
// dependency only (it depends on @scarf/scarf, install-time telemetry that no
// app installing this package should get): `npm run build` copies the few files
// the page needs, with the licences, into dist/mock/pages/docs/vendor/; run from
// source, they are read from the installed swagger-ui-dist.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files /docs loads from /docs/assets/. */
export const SWAGGER_UI_SERVED = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;
/** Copied beside them, not served: the licence of swagger-ui and of the code bundled into it. */
export const SWAGGER_UI_LICENSES = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt'] as const;

/** The built package's copy, beside the page (scripts/build.ts writes it). */
export const VENDOR_DIR = fileURLToPath(new URL('./docs/vendor/', import.meta.url));

/** The folder of the installed swagger-ui-dist, or undefined when it is not installed. */
export function installedSwaggerUi(from: string = import.meta.url): string | undefined {
  try {
    return `${dirname(createRequire(from).resolve('swagger-ui-dist/package.json'))}/`;
  } catch {
    return undefined;
  }
}

/**
 * The folder to serve /docs/assets/ from: the vendored copy when there is one
 * (the built package), else the installed swagger-ui-dist (a clone with its dev
 * dependencies). Throws, naming both places, when neither holds the files.
 */
export function swaggerUiDir(
  vendor: string = VENDOR_DIR,
  installed: () => string | undefined = installedSwaggerUi,
): string {
  const holds = (dir: string) => SWAGGER_UI_SERVED.every((name) => existsSync(`${dir}${name}`));
  if (holds(vendor)) return vendor;
  const dir = installed();
  if (dir && holds(dir)) return dir;
  throw new Error(
    `the API reference's Swagger UI files are missing: neither ${vendor} (made by npm run build) nor an installed swagger-ui-dist (a dev dependency: npm ci) holds ${SWAGGER_UI_SERVED.join(', ')}`,
  );
}
