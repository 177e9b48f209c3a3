import { defineConfig } from 'vitest/config';

// Unit and component tests live next to the code they explain (src/**/*.test.ts) and in tests/unit.
export default defineConfig({
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
  },
});
