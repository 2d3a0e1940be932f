import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ConfigError } from '../server/config';
import { DataDirInUseError } from '../server/db/dataDirLock';
import { startServer } from '../server/server';

// `npm start`: build the web app if it has never been built, then serve it and the API.
if (!existsSync('dist/index.html')) {
  console.log('Building the web app (first start)…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}

startServer().catch((err: unknown) => {
  console.error(err instanceof DataDirInUseError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
