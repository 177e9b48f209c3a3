// `npm run db:reset`: deletes the reference database (and uploads); the next start creates and seeds it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.DATA_DIR ?? '.data';
for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'uploads']) rmSync(join(dir, name), { recursive: true, force: true });
console.log(`Reset ${dir}: the next start creates and seeds a new database.`);
