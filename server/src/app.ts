import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type HealthAnswer, healthAnswerSchema, responses } from '@vastra/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { scheduleEmbeddedVacuum } from './db/maintenance.ts';
import type { AppDeps } from './deps.ts';
import { registerBodyParsing } from './lib/body.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './lib/http.ts';
import { createJobQueue } from './lib/jobs/index.ts';
import { registerRateLimits } from './lib/rate-limit.ts';
import { openRedis } from './lib/redis.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { socketTimeouts } from './lib/socket-timeouts.ts';
import { refuseUnstorableText } from './lib/text-input.ts';
import { TokenService } from './lib/tokens.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { registerModules, webRoutes } from './modules/index.ts';
import { OutboxMailer } from './modules/mail/index.ts';
import { defaultMediaDir, LocalDiskStorage, S3Storage } from './modules/media/index.ts';
import { OutboxMessenger } from './modules/messages/index.ts';
import { createPaymentProvider } from './modules/payments/index.ts';
import { createShiprocketApi } from './modules/shipping/index.ts';
import { registerOps } from './ops.ts';
import adminWorkflowRoutes from './workflows/admin-routes.ts';
import deliveryWorkflowRoutes from './workflows/delivery-routes.ts';
import workflowRoutes from './workflows/routes.ts';
import { scheduleSweeps } from './workflows/sweeps.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Overrides for providers (tests pass fakes of things outside the machine). */
  overrides?: Partial<Omit<AppDeps, 'config' | 'database' | 'db'>>;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance;

/** The old client's base path; every API route is also served under it. */
const LEGACY_BASE = /^\/\.netlify\/functions\/server(?=\/|$)/i;

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp({
  config,
  database,
  overrides = {},
  logStream,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // A line per request only when asked (LOG_REQUESTS); errors are always logged (lib/http.ts).
    logController: new LogController({ disableRequestLogging: !config.logRequests }),

    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    rewriteUrl: (req) => (req.url ?? '/').replace(LEGACY_BASE, '') || '/',
    bodyLimit: 1024 * 1024,
    ...socketTimeouts(config.requestTimeoutMs),
    // The client address (req.ip, the key of per-IP limits) comes from X-Forwarded-For only when
    // TRUST_PROXY names the proxies in front; anyone else could forge it (DESIGN §5).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Shared state (ADR 016): Redis when REDIS_URL is set, this process's memory otherwise.
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  const jobs = overrides.jobs ?? createJobQueue(config.databaseUrl, app.log, config.jobs);
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    tokens: overrides.tokens ?? new TokenService(config.jwtSecret),
    rateLimiter: overrides.rateLimiter ?? (await registerRateLimits(app, redis)),
    mailer:
      overrides.mailer ?? new OutboxMailer(database.db, config.mail.from, config.mail.smtpUrl, app.log, jobs),
    messenger: overrides.messenger ?? new OutboxMessenger(database.db, config, app.log, jobs),
    payments: overrides.payments ?? createPaymentProvider(config, database.db),
    storage:
      overrides.storage ??
      (config.s3
        ? new S3Storage({ ...config.s3, publicUrl: config.mediaPublicUrl })
        : new LocalDiskStorage(defaultMediaDir(config.dataDir))),
    jobs,
    shiprocket: 'shiprocket' in overrides ? overrides.shiprocket : createShiprocketApi(config.shipping),
  });

  registerErrorHandling(app);
  registerBodyParsing(app);
  refuseUnstorableText(app);
  registerSecurityHeaders(app);
  await app.register(cors, {
    origin: config.corsOrigin,
    // The old client runs on its own origin and PUTs and DELETEs with auth-token (SPEC §7): its
    // preflights must be allowed those methods (the plugin's default is GET, HEAD, POST only).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'auth-token', 'authorization', 'if-none-match'],
    exposedHeaders: ['x-total-count', 'etag'],
  });

  // OpenAPI generated from the routes' zod schemas, browsable at /api/docs (DESIGN §7).
  await app.register(swagger, {
    openapi: { info: { title: 'Vastra API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  app.get(
    '/api/health',
    { schema: { response: responses(healthAnswerSchema) } },
    async (): Promise<HealthAnswer> => {
      await database.exec('select 1');
      return { success: true, status: 'ok', database: database.kind };
    },
  );

  // Benchmarks read the statement count before and after a load round (never on in production).
  if (config.benchCountQueries) {
    app.get('/api/_debug/query-count', async () => ({ count: database.queryCount() ?? 0 }));
  }

  await registerOps(app, redis);
  await registerModules(app);
  await app.register(workflowRoutes);
  await app.register(adminWorkflowRoutes);
  await app.register(deliveryWorkflowRoutes);
  await app.register(webRoutes);
  scheduleSweeps(app);
  scheduleEmbeddedVacuum(app, database);
  // Jobs start once the app is ready, and stop after the last request has been answered: running
  // jobs get SHUTDOWN_TIMEOUT_MS to finish, and a job cut short is retried by another process.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    app.log.info('no more requests; stopping the job queue');
    await jobs.stop(config.shutdownTimeoutMs);
  });
  return app;
}
