import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type FastAccount, quickSeller } from '../../../test/shop-fixtures.ts';
import { HEADER, productRow, upload } from './catalogue-testkit.ts';

/**
 * An over-size catalogue CSV (issue 34) on a real listening server and a keep-alive connection:
 * it is refused at once with a 413, and the same connection then carries the next request.
 */
let ctx: TestContext;
let port = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx?.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The client's port of the connection it went over: the same port, the same connection. */
  localPort: number;
}

/** Far above an answer that comes "at once": only a guard, so a hang fails instead of blocking. */
const GIVE_UP_MS = 20_000;

/** Posts an import over `agent`; a body without a length is sent chunked, as a stream would be. */
function postImport(agent: Agent, seller: FastAccount, csv: Buffer, opts: { chunked?: boolean } = {}) {
  const { payload, headers } = upload(csv);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: '/api/seller/catalogue/import?dryRun=false',
        headers: {
          ...headers,
          ...seller.headers,
          ...(opts.chunked ? {} : { 'content-length': String(payload.length) }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            localPort: req.socket?.localPort ?? 0,
          }),
        );
      },
    );
    req.setTimeout(GIVE_UP_MS, () => req.destroy(new Error(`no answer within ${GIVE_UP_MS} ms`)));
    req.on('error', reject);
    for (let at = 0; at < payload.length; at += 1024 * 1024)
      req.write(payload.subarray(at, at + 1024 * 1024));
    req.end();
  });
}

/** 21 MB of rows of 2 MB each: over the 20 MB limit, and every row longer than a parser buffers. */
const longRowCsv = () => {
  const longRow = productRow('long', `${'x'.repeat(2 * 1024 * 1024)}.png`);
  return Buffer.from([HEADER, ...Array.from({ length: 11 }, () => longRow)].join('\n'));
};

const smallCsv = () => Buffer.from([HEADER, productRow('tee', 'https://img.example/tee.jpg')].join('\n'));

const TOO_LARGE = {
  success: false,
  error: 'The CSV must be at most 20 MB',
  errors: [{ msg: 'The CSV must be at most 20 MB', path: 'file' }],
};

describe('a catalogue CSV over 20 MB', () => {
  it('is answered 413 at once, and the same keep-alive connection answers the next request', async () => {
    const seller = await quickSeller(ctx.app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const csv = longRowCsv();
      expect(csv.length).toBeGreaterThan(21 * 1024 * 1024);
      const refused = await postImport(agent, seller, csv);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual(TOO_LARGE);
      expect(refused.headers.connection).toBe('keep-alive');

      const next = await postImport(agent, seller, smallCsv());
      expect(refused.localPort).toBeGreaterThan(0);
      expect(next.localPort).toBe(refused.localPort);
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ ok: true, dryRun: false, products: 1 });
      // Only the small file's product was written.
      const res = await fetch(`http://127.0.0.1:${port}/api/seller/catalogue/export.csv`, {
        headers: seller.headers,
      });
      expect((await res.text()).trim().split('\r\n')).toHaveLength(2);
    } finally {
      agent.destroy();
    }
  });

  it('sent without a length (chunked) is answered 413 at once, and the connection carries on too', async () => {
    const seller = await quickSeller(ctx.app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await postImport(agent, seller, longRowCsv(), { chunked: true });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual(TOO_LARGE);

      const next = await postImport(agent, seller, smallCsv());
      expect(refused.localPort).toBeGreaterThan(0);
      expect(next.localPort).toBe(refused.localPort);
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ ok: true, products: 1 });
    } finally {
      agent.destroy();
    }
  });
});
