import { defineConfig } from 'vitest/config';

// `npm run test:engines`: the pages' main flows on real old Chromium builds (tests/engines), against
// the built site and the reference server, which the global setup starts with a throwaway database.
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    globalSetup: ['tests/engines/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file, the engines one after another; within an engine its flows run two at a time (2 cores).
    maxConcurrency: 2,
  },
});
