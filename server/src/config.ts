import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_COD_RTO_LIMIT,
  DEFAULT_NDR_MAX_ATTEMPTS,
  DEFAULT_TRANSIT_DAYS,
  GST_MODES,
  type GstMode,
  gstinProblem,
  MESSAGE_KINDS,
  type MessageKind,
  normaliseGstin,
  SALE_MIN_DISCOUNT_PERCENT_DEFAULT,
  SHOP_GSTIN_DEFAULT,
  ZONES,
  type Zone,
} from '@vastra/contracts';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';

/** Shiprocket's API (its documented base; `SHIPROCKET_API_URL` points elsewhere, e.g. a local fake). */
export const SHIPROCKET_API_URL = 'https://apiv2.shiprocket.in/v1/external';

/** MSG91's API (`MSG91_API_URL` points elsewhere, e.g. a local fake) and Meta's Graph API for WhatsApp. */
export const MSG91_API_URL = 'https://control.msg91.com/api/v5';
export const WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

/**
 * The repository root, so ./data means the same folder whichever workspace runs the command. Two levels
 * up both from this file and from the bundled server (server/dist/main.js, see server/scripts/build.mjs).
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The national holidays of 2026 and 2027 with fixed dates (Republic Day, Independence Day, Gandhi
 * Jayanti, Christmas). Festivals whose dates move (Holi, Diwali, Eid) are added each year through
 * DELIVERY_HOLIDAYS.
 */
const DEFAULT_HOLIDAYS =
  '2026-01-26,2026-08-15,2026-10-02,2026-12-25,2027-01-26,2027-08-15,2027-10-02,2027-12-25';

/** A comma-separated setting as its trimmed, non-empty entries. */
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const dateList = z
  .string()
  .refine(
    (v) => list(v).every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`))),
    'DELIVERY_HOLIDAYS must be dates as YYYY-MM-DD, comma-separated',
  );
const pincodePrefixes = (name: string) =>
  z
    .string()
    .refine(
      (v) => list(v).every((p) => /^[1-9]\d{2,5}$/.test(p)),
      `${name} must be pincodes or their first 3–5 digits, comma-separated`,
    );
const transitTable = z.string().refine(
  (v) =>
    list(v).every((entry) => {
      const [zone, days] = entry.split(':').map((x) => x.trim());
      return (ZONES as readonly string[]).includes(zone ?? '') && /^\d{1,2}$/.test(days ?? '');
    }),
  `TRANSIT_DAYS must be zone:days pairs (zones: ${ZONES.join(', ')}), comma-separated`,
);

/** The zone table: the defaults, with the zones TRANSIT_DAYS names changed. */
function transitDaysOf(value: string): Record<Zone, number> {
  const table: Record<Zone, number> = { ...DEFAULT_TRANSIT_DAYS };
  for (const entry of list(value)) {
    const [zone, days] = entry.split(':').map((x) => x.trim());
    table[zone as Zone] = Number(days);
  }
  return table;
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Memory for the product answers search keeps as JSON, filled at start-up newest first (ADR 012):
   * ~2.6 KB a product, and start-up fills nine tenths of it: 320 MB keeps every product of a
   * 100,000-product catalogue (about 110,000 at most); 0 keeps none.
   */
  SEARCH_ANSWERS_MB: z.coerce.number().int().min(0).max(65_536).default(320),
  JWT_SECRET: optionalString,
  CORS_ORIGIN: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  /** Tests only: a local fake of Razorpay's API (https://api.razorpay.com in production). */
  RAZORPAY_API_URL: optionalString,
  /** Cash On Delivery orders above this total (rupees) are refused. */
  COD_MAX_RUPEES: z.coerce.number().int().min(1).max(2_000_000).default(50_000),
  /**
   * The delivery promise (docs/decisions/024-delivery-promise.md): days nobody dispatches or
   * delivers besides Sundays (`YYYY-MM-DD`, comma-separated), transit days by zone
   * (`same_city:1,same_state:2,…`, the zones left out keep their default), and pincodes, or their
   * first 3–5 digits, where COD is not offered or nobody delivers.
   */
  DELIVERY_HOLIDAYS: dateList.default(DEFAULT_HOLIDAYS),
  TRANSIT_DAYS: transitTable.default(''),
  NO_COD_PINCODES: pincodePrefixes('NO_COD_PINCODES').default('744,68255'),
  UNSERVICEABLE_PINCODES: pincodePrefixes('UNSERVICEABLE_PINCODES').default(''),
  /**
   * Couriers (docs/decisions/025-couriers-and-rto.md): Shiprocket's API user, when both are set (else
   * every seller ships themselves), its address (tests: a local fake), and the token Shiprocket's
   * tracking webhook sends in `x-api-key` (no token: the webhook answers 401 to everything).
   */
  SHIPROCKET_EMAIL: optionalString,
  SHIPROCKET_PASSWORD: optionalString,
  SHIPROCKET_API_URL: optionalString,
  SHIPROCKET_WEBHOOK_TOKEN: optionalString,
  /** Failed delivery attempts before a parcel goes back to its seller (RTO). */
  NDR_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(DEFAULT_NDR_MAX_ATTEMPTS),
  /** What a seller is charged for a parcel that came back (rupees, may have paise). */
  RTO_FEE: z.coerce.number().min(0).max(10_000).default(0),
  /** Returned COD parcels in 90 days after which a shopper is offered prepaid only. */
  COD_RTO_LIMIT: z.coerce.number().int().min(1).max(100).default(DEFAULT_COD_RTO_LIMIT),
  /**
   * Phone messages (docs/decisions/026-phone-first.md): MSG91 sends SMS when its auth key is set (else
   * the development provider writes each message to the outbox and the log); every SMS needs its
   * DLT-registered template id, `SMS_TEMPLATE_<KIND>` (read from the environment directly), and the
   * sender id. WhatsApp Cloud API sends order updates when the token and phone number id are set,
   * with approved template names `WHATSAPP_TEMPLATE_<KIND>`; its webhook checks the app secret.
   */
  MSG91_AUTH_KEY: optionalString,
  MSG91_API_URL: optionalString,
  SMS_SENDER_ID: optionalString,
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_API_URL: optionalString,
  /** COD orders above this total (rupees) wait for the shopper's confirmation before they ship; 0: none do. */
  COD_CONFIRM_ABOVE: z.coerce.number().min(0).max(2_000_000).default(0),
  /** Hours a COD order waits for its confirmation before it is cancelled and its stock returned. */
  COD_CONFIRM_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 14)
    .default(24),
  /** The least discount a seller's sale price must give, in percent off the MRP (offers). */
  SALE_MIN_DISCOUNT_PERCENT: z.coerce
    .number()
    .int()
    .min(0)
    .max(90)
    .default(SALE_MIN_DISCOUNT_PERCENT_DEFAULT),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Vastra <no-reply@vastra.local>'),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  RATE_LIMIT_CONTACT_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_CONTACT_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  TRUST_PROXY: optionalString,
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  LEGACY_LIST_LIMIT: z.coerce.number().int().min(1).max(10_000).default(1000),
  SHOP_OWNER_NAME: z.string().default('Vastra Retail Pvt. Ltd.'),
  SHOP_ADDRESS: z.string().default('12, MG Road, Bengaluru, Karnataka 560001, India'),
  SHOP_EMAIL: z.string().default('support@vastra.example'),
  SHOP_PHONE_1: z.string().default('+91 80 4000 1234'),
  SHOP_PHONE_2: z.string().default('+91 98450 01234'),
  SHOP_GSTIN: z
    .string()
    .default(SHOP_GSTIN_DEFAULT)
    .transform(normaliseGstin)
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** flat18 (SPEC §9, default): 18% on top of prices; india: prices include GST by HSN and slab. */
  GST_MODE: z.enum(GST_MODES).default('flat18'),
  /** Days after delivery within which a shopper may ask to return or exchange an item. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** The marketplace's commission on a sale's taxable value, unless set per category or seller. */
  COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Days a seller has to approve or reject a return request before an admin may decide it. */
  RETURN_DECISION_DAYS: z.coerce.number().int().min(1).max(90).default(2),
  SHOP_GRIEVANCE_OFFICER: z.string().default('Meera Iyer'),
  SHOP_JURISDICTION: z.string().default('Bengaluru, Karnataka'),
  BENCH_COUNT_QUERIES: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  REDIS_URL: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  MEDIA_PUBLIC_URL: optionalString,
  METRICS_TOKEN: optionalString,
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  JOBS_WORK: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Env = z.input<typeof envSchema>;

/** Typed, validated configuration; the only place that reads process.env. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  logLevel: string;
  dataDir: string;
  /** `postgres://…` for a real server; otherwise PGlite in `dataDir/db` (or in memory when `':memory:'`). */
  databaseUrl: string | undefined;
  /** Connections the server keeps to PostgreSQL (ignored for PGlite, which has one). */
  databasePoolSize: number;
  /** Bytes search may keep of product answers as JSON (ADR 012). */
  searchAnswersBytes: number;
  jwtSecret: string;
  corsOrigin: string | boolean;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  /** Razorpay, when both keys are set (UPI, cards, netbanking, wallets). */
  razorpay:
    | { keyId: string; keySecret: string; webhookSecret: string | undefined; apiUrl: string | undefined }
    | undefined;
  codMaxPaise: number;
  /** The delivery promise's calendar and zone table, and the pincodes (or prefixes) without COD or delivery. */
  delivery: {
    holidays: ReadonlySet<string>;
    transitDays: Readonly<Record<Zone, number>>;
    noCodPincodes: readonly string[];
    unserviceablePincodes: readonly string[];
  };
  /** A sale price must be at least this many percent off the MRP (SALE_MIN_DISCOUNT_PERCENT). */
  saleMinDiscountPercent: number;
  /** Couriers, failed deliveries and returns to origin (issue 38). */
  shipping: {
    /** Shiprocket's API user, when configured; its base URL (Shiprocket's own unless overridden). */
    shiprocket: { email: string; password: string; apiUrl: string } | undefined;
    webhookToken: string | undefined;
    ndrMaxAttempts: number;
    rtoFeePaise: number;
    codRtoLimit: number;
  };
  /** SMS and WhatsApp (issue 39). */
  messages: {
    /** MSG91, when its auth key is set; else the development provider (the outbox and the log). */
    msg91: { authKey: string; apiUrl: string } | undefined;
    smsSenderId: string | undefined;
    /** DLT template id per message kind (`SMS_TEMPLATE_<KIND>`); a kind without one is not sent by SMS. */
    smsTemplates: Partial<Record<MessageKind, string>>;
    whatsapp: { token: string; phoneNumberId: string; apiUrl: string } | undefined;
    /** Approved template name per kind (`WHATSAPP_TEMPLATE_<KIND>`); a kind without one goes by SMS. */
    whatsappTemplates: Partial<Record<MessageKind, string>>;
    /** The webhook's signature key and handshake token; unset: the webhook answers 401. */
    whatsappAppSecret: string | undefined;
    whatsappVerifyToken: string | undefined;
  };
  /** COD confirmation (issue 39): above this total (paise; 0: off), and for how long an order waits. */
  codConfirm: { abovePaise: number; hours: number };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    host: string | undefined;
    port: number | undefined;
    protocol: 'http' | 'https' | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string };
  rateLimit: { authMax: number; authWindowMs: number; contactMax: number; contactWindowMs: number };
  /**
   * The proxies allowed to name the client in X-Forwarded-For (`TRUST_PROXY`); by default none, so
   * the client address (and every per-IP limit) is the socket's peer and cannot be forged.
   */
  trustProxy: TrustProxy;
  /** A request's headers and body must arrive within this time, or it is answered 408 and closed. */
  requestTimeoutMs: number;
  /**
   * At most this many rows in a SPEC §7 list call made without `page`/`limit`: the original client
   * cannot page, so it gets the whole list (products, orders, a seller's products, reviews).
   */
  legacyListLimit: number;
  shop: {
    ownerName: string;
    address: string;
    email: string;
    phone1: string;
    phone2: string;
    gstin: string;
    /** Named in the policy pages (Indian e-commerce rules require a grievance officer). */
    grievanceOfficer: string;
    /** Courts named in the terms of service. */
    jurisdiction: string;
  };
  /** Benchmarks only: count SQL statements and expose the count at GET /api/_debug/query-count. */
  /** How orders are taxed (DESIGN §11). */
  gstMode: GstMode;
  /** Returns after delivery (issue 18): the shopper's window and the seller's time to decide, in days. */
  returns: { windowDays: number; decisionDays: number };
  /** Default commission, basis points (COMMISSION_PERCENT × 100). */
  commissionBp: number;
  benchCountQueries: boolean;
  /** Shared rate limits (and anything else that must be global) in Redis; process memory when unset. */
  redisUrl: string | undefined;
  /** Product images in an S3-compatible bucket when S3_BUCKET is set; the local disk otherwise. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Where clients load bucket images from (a CDN or the bucket); unset: this process proxies them at /media. */
  mediaPublicUrl: string | undefined;
  /** Bearer token of GET /metrics; metrics are off (404) when unset. */
  metricsToken: string | undefined;
  /** A log line per request at `info` (errors are always logged). */
  logRequests: boolean;
  /** On SIGTERM, in-flight requests and jobs get this long to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Whether this process works background jobs (JOBS_WORK=false: a web-only process). */
  jobs: { work: boolean; superviseSeconds: number };
}

export class ConfigError extends Error {}

function loadOrCreateSecret(dataDir: string): string {
  if (dataDir === ':memory:') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `<PREFIX><KIND>` variables (e.g. `SMS_TEMPLATE_ORDER_PLACED`) as a template per message kind. */
function templatesOf(env: Record<string, string | undefined>, prefix: string) {
  const templates: Partial<Record<MessageKind, string>> = {};
  for (const kind of MESSAGE_KINDS) {
    const value = env[`${prefix}${kind.toUpperCase()}`]?.trim();
    if (value) templates[kind] = value;
  }
  return templates;
}

/** Reads the environment into a Config; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: must start with postgres://');
  }
  if (e.REDIS_URL && !/^rediss?:\/\//.test(e.REDIS_URL)) {
    throw new ConfigError('Invalid configuration:\n  REDIS_URL: must start with redis:// or rediss://');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges',
    );
  }
  const dataDir = e.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    searchAnswersBytes: e.SEARCH_ANSWERS_MB * 1024 * 1024,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    corsOrigin: e.CORS_ORIGIN ?? true,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL,
          }
        : undefined,
    codMaxPaise: e.COD_MAX_RUPEES * 100,
    delivery: {
      holidays: new Set(list(e.DELIVERY_HOLIDAYS)),
      transitDays: transitDaysOf(e.TRANSIT_DAYS),
      noCodPincodes: list(e.NO_COD_PINCODES),
      unserviceablePincodes: list(e.UNSERVICEABLE_PINCODES),
    },
    saleMinDiscountPercent: e.SALE_MIN_DISCOUNT_PERCENT,
    shipping: {
      shiprocket:
        e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
          ? {
              email: e.SHIPROCKET_EMAIL,
              password: e.SHIPROCKET_PASSWORD,
              apiUrl: (e.SHIPROCKET_API_URL ?? SHIPROCKET_API_URL).replace(/\/+$/, ''),
            }
          : undefined,
      webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
      ndrMaxAttempts: e.NDR_MAX_ATTEMPTS,
      rtoFeePaise: Math.round(e.RTO_FEE * 100),
      codRtoLimit: e.COD_RTO_LIMIT,
    },
    messages: {
      msg91: e.MSG91_AUTH_KEY
        ? { authKey: e.MSG91_AUTH_KEY, apiUrl: (e.MSG91_API_URL ?? MSG91_API_URL).replace(/\/+$/, '') }
        : undefined,
      smsSenderId: e.SMS_SENDER_ID,
      smsTemplates: templatesOf(env, 'SMS_TEMPLATE_'),
      whatsapp:
        e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
          ? {
              token: e.WHATSAPP_TOKEN,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              apiUrl: (e.WHATSAPP_API_URL ?? WHATSAPP_API_URL).replace(/\/+$/, ''),
            }
          : undefined,
      whatsappTemplates: templatesOf(env, 'WHATSAPP_TEMPLATE_'),
      whatsappAppSecret: e.WHATSAPP_APP_SECRET,
      whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN,
    },
    codConfirm: { abovePaise: Math.round(e.COD_CONFIRM_ABOVE * 100), hours: e.COD_CONFIRM_HOURS },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      host: e.STRIPE_API_HOST,
      port: e.STRIPE_API_PORT,
      protocol: e.STRIPE_API_PROTOCOL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW_MS,
      contactMax: e.RATE_LIMIT_CONTACT_MAX,
      contactWindowMs: e.RATE_LIMIT_CONTACT_WINDOW_MS,
    },
    trustProxy,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    legacyListLimit: e.LEGACY_LIST_LIMIT,
    shop: {
      ownerName: e.SHOP_OWNER_NAME,
      address: e.SHOP_ADDRESS,
      email: e.SHOP_EMAIL,
      phone1: e.SHOP_PHONE_1,
      phone2: e.SHOP_PHONE_2,
      gstin: e.SHOP_GSTIN,
      grievanceOfficer: e.SHOP_GRIEVANCE_OFFICER,
      jurisdiction: e.SHOP_JURISDICTION,
    },
    gstMode: e.GST_MODE,
    returns: { windowDays: e.RETURN_WINDOW_DAYS, decisionDays: e.RETURN_DECISION_DAYS },
    commissionBp: Math.round(e.COMMISSION_PERCENT * 100),
    benchCountQueries: e.BENCH_COUNT_QUERIES,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/$/, ''),
    metricsToken: e.METRICS_TOKEN,
    logRequests: e.LOG_REQUESTS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobs: { work: e.JOBS_WORK, superviseSeconds: e.JOBS_SUPERVISE_SECONDS },
  };
}
