import { defineConfig } from 'vitest/config';

// `npm run test:deploy`: the CDN configuration (deploy/nginx/h5.conf) serving the built dist/ through
// Debian's nginx, checked against the reference server (tests/deploy).
export default defineConfig({
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
