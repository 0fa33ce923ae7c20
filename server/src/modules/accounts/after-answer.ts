import type { FastifyBaseLogger } from 'fastify';

const running = new Set<Promise<void>>();

/**
 * Runs work after the route has answered, so the answer (and how long it took) cannot depend on it:
 * "forgot password" answers the same whether or not the e-mail has an account. Errors are logged.
 */
export function afterAnswer(log: FastifyBaseLogger, work: () => Promise<void>) {
  const run: Promise<void> = Promise.resolve()
    .then(work)
    .catch((err: unknown) => log.error({ err }, 'work after the answer failed'))
    .finally(() => running.delete(run));
  running.add(run);
}

/** Resolves once the work started so far has finished (on shutdown, and for tests). */
export async function afterAnswerSettled() {
  while (running.size > 0) await Promise.allSettled([...running]);
}
