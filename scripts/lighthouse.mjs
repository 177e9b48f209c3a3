// `npm run test:lh`: Lighthouse CI (mobile preset) in the system Chromium, on one page per area
// (lighthouserc.json): legal, vip, help, coins, report, music, personal. Not `/` (area none): spec §2
// has it "empty, nothing shown", and a page that paints nothing has no Lighthouse score (NO_FCP).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const env = { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) };
const run = (args) => execFileSync('npx', ['lhci', ...args, '--config=lighthouserc.json'], { stdio: 'inherit', env });

run(['collect', ...(chrome ? [`--collect.chromePath=${chrome}`] : [])]);
let failed = false;
try {
  run(['assert']);
} catch {
  failed = true;
}
run(['upload']);

// One line per page, so the scores are in the log and can be quoted.
const manifest = JSON.parse(readFileSync('.lighthouseci/reports/manifest.json', 'utf8'));
console.log('\npage | performance | accessibility | best practices');
for (const { url, summary } of manifest) {
  const score = (k) => Math.round((summary[k] ?? 0) * 100);
  console.log(`${new URL(url).pathname}${new URL(url).search} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')}`);
}
if (failed) process.exit(1);
