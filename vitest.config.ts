import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and component tests live next to the code they explain (src/**/*.test.ts) and in tests/unit;
// tests/security holds the attacks on the reference server (docs/security.md).
export default defineConfig({
  test: {
    environment: 'node',
    // Every core: Vitest leaves one free by default, which on the 2-core CI machine halves the run.
    maxWorkers: availableParallelism(),
    projects: [
      // The pages' code keeps state in modules (stores, the page's form, tracking): a fresh copy per file.
      { extends: true, test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'] } },
      // The server keeps its state per app and per database (WeakMaps keyed by them), never per module,
      // so its files share one module graph per worker: 34 s → 23 s of the unit phase on 2 cores.
      {
        extends: true,
        test: { name: 'server', include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/security/**/*.test.ts', 'server/**/*.test.ts'], isolate: false },
      },
    ],
  },
});
