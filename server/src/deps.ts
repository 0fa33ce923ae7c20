import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './lib/jobs/index.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { TokenService } from './lib/tokens.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { MediaStorage } from './modules/media/index.ts';
import type { Messenger } from './modules/messages/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import type { CourierApi } from './modules/shipping/index.ts';

/** What every module reaches through `app.deps`: configuration and the providers behind small interfaces. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  /** SMS (MSG91 with MSG91_AUTH_KEY, else the development outbox) and WhatsApp: codes and order updates. */
  messenger: Messenger;
  /** Card payments: Stripe Checkout with STRIPE_SECRET_KEY, else the built-in test page at /pay. */
  payments: PaymentProvider;
  /** Image storage (local disk under DATA_DIR/media by default, served at /media; S3 with S3_BUCKET). */
  storage: MediaStorage;
  /** Background jobs: pg-boss on a PostgreSQL server, this process on the embedded database (ADR 016). */
  jobs: JobQueue;
  /** Shiprocket's API with SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD; without them every seller ships themselves. */
  shiprocket: CourierApi | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
