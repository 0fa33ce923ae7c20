import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * A body (or headers) that trickles in forever must not hold a connection open: the request is cut
 * off after REQUEST_TIMEOUT_MS, here a short one, on a real listening server and raw sockets.
 */
const TIMEOUT_MS = 600;

let ctx: TestContext;
let port = 0;
beforeAll(async () => {
  ctx = await createTestContext({ env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx?.close());

interface Outcome {
  closed: boolean;
  answer: string;
  elapsedMs: number;
}

/**
 * Opens a socket, writes `head`, then one more byte every `everyMs` (never reaching the declared
 * length) until the server closes the socket or `giveUpMs` passes.
 */
function trickle(head: string, everyMs: number, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, answer, elapsedMs: Date.now() - started });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.writable) socket.write('a');
      }, everyMs);
    });
  });
}

describe('a request that never finishes arriving', () => {
  it('is answered 408 and closed when its body trickles in', async () => {
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100000\r\n\r\n{"name":"';
    // A byte every 100 ms: never idle long enough for an idle timeout, only the total can stop it.
    const outcome = await trickle(head, 100, TIMEOUT_MS * 8);
    expect(outcome.closed).toBe(true);
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain('"success":false');
  });

  it('is cut off when its headers trickle in', async () => {
    const outcome = await trickle(
      'GET /api/health HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ',
      100,
      TIMEOUT_MS * 8,
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('leaves requests that arrive in time alone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(ctx.app.server.requestTimeout).toBe(TIMEOUT_MS);
  });
});
