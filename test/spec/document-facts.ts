// The facts of the interface document (000_55ac81fde11b7ea4.txt, kept outside this repository),
// transcribed by hand from the document, section by section (one module per
// section under document/). The spec tests walk these against
// spec/openapi.yaml; nothing here is read from the spec.

export * from './document/errors.js';
export * from './document/facts.js';
export * from './document/headers.js';
export * from './document/operations.js';
export * from './document/shapes.js';
