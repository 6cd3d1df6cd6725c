// @playwright/test is not installed in this repository (only playwright-core,
// for its browser tests): these are the few of its types the examples use, as
// its documentation gives them, so that `tsc` checks the examples against them.
// An app that installs @playwright/test needs none of this file.
declare module '@playwright/test' {
  import type { APIRequestContext, Page } from 'playwright-core';

  export interface WorkerInfo {
    workerIndex: number;
    parallelIndex: number;
  }
  export interface TestInfo extends WorkerInfo {
    title: string;
  }
  export interface UseOptions {
    baseURL?: string;
    extraHTTPHeaders?: Record<string, string>;
  }
  export interface PlaywrightTestConfig {
    workers?: number | string;
    fullyParallel?: boolean;
    use?: UseOptions;
    webServer?: { command: string; url?: string; port?: number; reuseExistingServer?: boolean };
  }
  export function defineConfig(config: PlaywrightTestConfig): PlaywrightTestConfig;

  type Use<T> = (value: T) => Promise<void>;
  type TestFixture<T, Args> = (args: Args, use: Use<T>, testInfo: TestInfo) => Promise<void>;
  type WorkerFixture<T, Args> = [
    (args: Args, use: Use<T>, workerInfo: WorkerInfo) => Promise<void>,
    { scope: 'worker'; auto?: boolean },
  ];
  export interface TestArgs extends UseOptions {
    page: Page;
    request: APIRequestContext;
  }
  export interface TestType<T, W> {
    (title: string, body: (args: T & W, testInfo: TestInfo) => Promise<void>): void;
    extend<T2 extends object, W2 extends object = object>(
      fixtures: { [K in keyof W2]: WorkerFixture<W2[K], W & W2> } & {
        [K in keyof (T & T2)]?: TestFixture<(T & T2)[K], T & T2 & W & W2>;
      },
    ): TestType<T & T2, W & W2>;
  }
  export const test: TestType<TestArgs, object>;

  export function expect<T>(actual: T): { toBe(expected: T): void; toEqual(expected: unknown): void };
}
