// A worker process for the job queue's tests: works the queue named in argv with a handler that never
// finishes, and says on stdout which job it took, so the test can kill it mid-job.
import pino from 'pino';
import { PgBossQueue } from '../src/lib/jobs/index.ts';

const [url, name] = process.argv.slice(2) as [string, string];
const queue = new PgBossQueue(url, pino({ level: 'silent' }), { work: true, superviseSeconds: 60 });
queue.define<{ n: number }>(
  name,
  { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 2 },
  async (data) => {
    process.stdout.write(`took ${data.n}\n`);
    await new Promise(() => undefined);
  },
);
await queue.start();
process.stdout.write('ready\n');
