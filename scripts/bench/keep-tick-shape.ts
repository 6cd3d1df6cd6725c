// Preloaded (node --import) into the mock under test by `npm run bench -- --keep-tick-shape`:
// the workaround of tick-shape.ts reaches the bench's mock, never the product.
import { keepTickShape } from './tick-shape.js';

keepTickShape();
