// What `import 'jsdom'` resolves to for the type check (tsconfig.json paths).
// jest-environment-jsdom brings @types/jsdom, whose `/// <reference lib="dom" />`
// would put the DOM's fetch, BodyInit and Element types over Node's in every
// file (Vitest's declarations import jsdom's types); no code of ours imports
// jsdom's API, and Vitest only names it for its environment options.
export {};
