import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale, MessageKind } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

/** One message as a provider sends it: a registered template and its variables, to a 10-digit mobile. */
export interface OutgoingMessage {
  to: string;
  /** DLT template id (SMS) or approved template name (WhatsApp); null: none configured. */
  template: string | null;
  params: string[];
  /** The filled-in words (what the development provider logs). */
  text: string;
  locale: Locale;
  /** What it is about (the development provider's file names it, so a code can be found). */
  kind?: MessageKind;
}

/**
 * What a provider did with a message: taken (its message id kept), refused for good (a 4xx: sending
 * again would be refused again), or not reached (network, 5xx: worth retrying).
 */
export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string | null }
  | { kind: 'refused'; error: string }
  | { kind: 'unreachable'; error: string };

/** Sends SMS: MSG91 with MSG91_AUTH_KEY, else the development provider. */
export interface SmsProvider {
  readonly name: 'msg91' | 'development';
  /** India's DLT rule: a real SMS goes only with a registered template id; the development one never does. */
  readonly needsTemplate: boolean;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** Sends WhatsApp template messages (the Cloud API). */
export interface WhatsAppProvider {
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** A provider's answer takes at most this long; a send that hangs is retried, not waited on. */
const TIMEOUT_MS = 10_000;

/** `91XXXXXXXXXX`: both providers want the country code, without a plus. */
export const internationalOf = (mobile: string) => `91${mobile}`;

/** POSTs JSON; a network error or a 5xx is `unreachable`, another non-2xx `refused`. */
async function postJson(
  url: string,
  headers: Record<string, string>,
  body: object,
): Promise<{ ok: true; json: Record<string, unknown> } | Exclude<SendOutcome, { kind: 'sent' }>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { kind: 'unreachable', error: (err as Error).message };
  }
  const text = await res.text().catch(() => '');
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (res.ok) return { ok: true, json };
  const error = `HTTP ${res.status}: ${text.slice(0, 300)}`;
  return res.status >= 500 || res.status === 429
    ? { kind: 'unreachable', error }
    : { kind: 'refused', error };
}

/**
 * MSG91's flow API (`POST {apiUrl}/flow`, header `authkey`): the DLT template id, the sender id, and
 * per recipient the number and the template's variables `VAR1`, `VAR2`, … in order. MSG91 answers
 * `{ type: 'success', message: <request id> }`, kept as the provider's message id.
 */
export class Msg91Sms implements SmsProvider {
  readonly name = 'msg91' as const;
  readonly needsTemplate = true;

  constructor(
    private readonly msg91: { authKey: string; apiUrl: string },
    private readonly senderId: string | undefined,
  ) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const variables = Object.fromEntries(message.params.map((value, i) => [`VAR${i + 1}`, value]));
    const answer = await postJson(
      `${this.msg91.apiUrl}/flow`,
      { authkey: this.msg91.authKey },
      {
        template_id: message.template,
        ...(this.senderId ? { sender: this.senderId } : {}),
        short_url: '0',
        recipients: [{ mobiles: internationalOf(message.to), ...variables }],
      },
    );
    if (!('ok' in answer)) return answer;
    if (answer.json.type !== 'success')
      return { kind: 'refused', error: `MSG91: ${String(answer.json.message ?? 'not accepted')}` };
    const id = answer.json.request_id ?? answer.json.message;
    return { kind: 'sent', providerMessageId: typeof id === 'string' ? id : null };
  }
}

/**
 * The default without MSG91: the outbox row, a log line and a line of JSON in `DATA_DIR/sms-outbox.log`
 * are the delivery, so `npm start` and the tests work with no keys (a developer, or a browser journey,
 * reads the one-time code there; the embedded database cannot be opened while the shop runs). Sends
 * with or without a template.
 */
export class DevelopmentSms implements SmsProvider {
  readonly name = 'development' as const;
  readonly needsTemplate = false;

  constructor(
    private readonly log?: FastifyBaseLogger,
    /** The file each message is appended to; none for a database in memory (tests). */
    private readonly file?: string,
  ) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    this.log?.info({ to: message.to }, 'sms (development provider): %s', message.text);
    if (this.file) {
      const { to, kind, params, text } = message;
      const line = JSON.stringify({ at: new Date().toISOString(), to, kind, params, text });
      await appendFile(this.file, `${line}\n`).catch((err: unknown) =>
        this.log?.warn({ err, file: this.file }, 'sms (development provider): file not written'),
      );
    }
    return { kind: 'sent', providerMessageId: null };
  }
}

/** Where the development provider writes: in DATA_DIR, unless the database is in memory. */
export const developmentSmsFile = (dataDir: string) =>
  dataDir === ':memory:' ? undefined : path.join(dataDir, 'sms-outbox.log');

/**
 * WhatsApp Cloud API: `POST {apiUrl}/{phoneNumberId}/messages` with the bearer token, an approved
 * template by name in the shopper's language and its body parameters; keeps `messages[0].id`, the
 * id the webhook's statuses name.
 */
export class WhatsAppCloud implements WhatsAppProvider {
  constructor(private readonly whatsapp: { token: string; phoneNumberId: string; apiUrl: string }) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    const answer = await postJson(
      `${this.whatsapp.apiUrl}/${this.whatsapp.phoneNumberId}/messages`,
      { authorization: `Bearer ${this.whatsapp.token}` },
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: internationalOf(message.to),
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.locale },
          components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
        },
      },
    );
    if (!('ok' in answer)) return answer;
    const messages = answer.json.messages as { id?: unknown }[] | undefined;
    const id = messages?.[0]?.id;
    if (typeof id !== 'string') return { kind: 'refused', error: 'WhatsApp answered without a message id' };
    return { kind: 'sent', providerMessageId: id };
  }
}

/** The providers the configuration names. */
export function providersOf(config: Config, log?: FastifyBaseLogger) {
  const { msg91, smsSenderId, whatsapp } = config.messages;
  return {
    sms: msg91
      ? new Msg91Sms(msg91, smsSenderId)
      : new DevelopmentSms(log, developmentSmsFile(config.dataDir)),
    whatsapp: whatsapp ? new WhatsAppCloud(whatsapp) : undefined,
  } satisfies { sms: SmsProvider; whatsapp: WhatsAppProvider | undefined };
}
