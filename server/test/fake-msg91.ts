import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const MSG91_AUTH_KEY = 'fake-msg91-auth-key';
export const MSG91_SENDER_ID = 'VASTRA';

/** One SMS as MSG91's flow API received it: the template, sender and each recipient's number and variables. */
export interface Msg91Request {
  authkey: string | undefined;
  body: {
    template_id?: string;
    sender?: string;
    short_url?: string;
    recipients?: ({ mobiles: string } & Record<string, string>)[];
  };
}

/**
 * A local stand-in for MSG91's flow API (`POST /flow`, header `authkey`): answers
 * `{ type: 'success', message: <request id> }` as MSG91 does, or an error when told to; records every
 * request so tests read the DLT template id, sender id and recipient the shop sent.
 */
export class FakeMsg91 {
  readonly requests: Msg91Request[] = [];
  /** The next n sends answer this HTTP status (500: MSG91 down; 400: refused). */
  private failures: { status: number; left: number } = { status: 500, left: 0 };
  /** Milliseconds to wait before answering (to hold two deliveries in flight at once). */
  delayMs = 0;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.env();
  }

  /** The environment that points the shop at this fake. */
  env(): Record<string, string> {
    return {
      MSG91_AUTH_KEY,
      MSG91_API_URL: `http://127.0.0.1:${this.port}/api/v5`,
      SMS_SENDER_ID: MSG91_SENDER_ID,
    };
  }

  failNext(count: number, status = 500) {
    this.failures = { status, left: count };
  }

  /** The requests sent to one 10-digit mobile. */
  sentTo(mobile: string) {
    return this.requests.filter((r) => r.body.recipients?.some((x) => x.mobiles === `91${mobile}`));
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (req.method !== 'POST' || req.url !== '/api/v5/flow')
      return answer(404, { type: 'error', message: 'Not found' });
    const authkey = req.headers.authkey as string | undefined;
    if (authkey !== MSG91_AUTH_KEY) return answer(401, { type: 'error', message: 'Authentication failure' });
    let body: Msg91Request['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(400, { type: 'error', message: 'Invalid JSON' });
    }
    if (this.failures.left > 0) {
      this.failures.left--;
      return answer(this.failures.status, { type: 'error', message: 'Temporarily unavailable' });
    }
    this.requests.push({ authkey, body });
    if (!body.template_id) return answer(200, { type: 'error', message: 'template_id missing' });
    return answer(200, { type: 'success', message: randomBytes(12).toString('hex') });
  }
}
