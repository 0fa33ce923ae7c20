import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';

/** What a workflow needs: the database, the outside services it calls, and a logger. */
export type WorkflowDeps = Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'messenger' | 'config'> & {
  log: FastifyBaseLogger;
};
