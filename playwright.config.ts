import { defineConfig } from '@playwright/test';
import { chromeArgs, chromePath } from './tests/fixtures/browser';

const port = Number(process.env.E2E_PORT ?? 4329);

// End-to-end tests run against the built site served by the reference server, in the system Chromium,
// at the size of a small Android phone with touch.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One more than the 2 cores: a test waiting on a timer or the server leaves a core idle. The whole
  // suite on the 2-core machine in the headless shell: 2 workers 330 s, 3 workers 290 s, 4 workers 296 s.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // The reliability reporter writes test-results/reliability.md after a run that reached every fault
  // test; `npm run reliability:publish` copies it to docs/.
  reporter: [[process.env.CI ? 'line' : 'list'], ['./tests/reporters/reliability.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; CPH2581 Build/UKQ1.231108.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36',
    launchOptions: { executablePath: chromePath, args: chromeArgs },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    // Its own database, so end-to-end runs never touch the one `npm start` uses for development.
    env: { PORT: String(port), DATA_DIR: `.data/e2e-${port}`, LOG: '0' },
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
