import { Worker, type WorkerOptions } from 'node:worker_threads';

const tsxApi = import.meta.resolve('tsx/esm/api');

/**
 * A worker thread running a TypeScript module, under `npm start`, `npm run dev` and vitest alike.
 * Node 20 does not apply `--import tsx` to a worker's entry file, so a few lines of JavaScript
 * register tsx first.
 */
export function startTsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}) {
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(entry.href)});
});`;
  return new Worker(boot, { ...options, eval: true });
}
