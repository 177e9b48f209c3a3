import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and component tests live next to the code they explain (src/**/*.test.ts) and in tests/unit;
// tests/security holds the attacks on the reference server (docs/security.md).
export default defineConfig({
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'tests/security/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
    // Every core: Vitest leaves one free by default, which on the 2-core CI machine halves the run.
    maxWorkers: availableParallelism(),
  },
});
