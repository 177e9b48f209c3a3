// `npm run engines:fetch`: the engine matrix's old Chromium builds, fetched and unpacked into
// .cache/engines/ ahead of `npm run test:engines` (which fetches any that are missing itself). `npm
// test` runs it beside the unit tests, so a fresh clone's download overlaps them (the unit tests keep
// both cores busy; the download mostly waits on the network).
import { ENGINES, installEngine } from './lib/old-chromium.mjs';

for (const engine of ENGINES) console.log(`Chromium ${engine.chromium}: ${installEngine(engine)}`);
