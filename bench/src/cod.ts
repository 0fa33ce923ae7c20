import http from 'node:http';
import { median } from './load.ts';
import { cpuMs, sampleRss } from './processes.ts';

/** Outcome of the Cash-On-Delivery placement flow under many concurrent shoppers. */
export interface CodResult {
  users: number;
  seconds: number;
  /** Median over the rounds; every round's figure is in `rounds`. */
  ordersPerSec: number;
  rounds: number[];
  /** Server RSS peak while orders were being placed, and while the shoppers registered (argon2). */
  rssPlacingMb: number;
  rssRegisteringMb: number;
  /** The server's CPU time per order placed (add to cart + order), ms: independent of the machine's load. */
  serverCpuMsPerOrder: number;
  /** Latency of one whole placement (add to cart, then order-success), ms. */
  p50: number;
  p99: number;
  errors: number;
  /** Out-of-stock refusals (expected only in the contention phase). */
  refused: number;
  /** Stock accounting after the run: no size below zero, sold units = successful orders. */
  oversold: boolean;
  stockNegative: boolean;
  /** One size with little stock hammered by every shopper: exactly its stock got sold. */
  contention: { stock: number; sold: number; refused: number; finalStock: number } | undefined;
}

interface Shopper {
  token: string;
}

/** What a shopper buys: one size (and colour) of a product. */
export interface Pick {
  productId: string;
  variantId: string;
}

/** The product answer's parts the bench reads. */
interface ProductStock {
  stockQuantity: number;
  variants: { _id: string; stock: number }[];
}

// Plain node:http over kept-alive sockets: the load generator shares the machine with the server,
// and fetch() costs it several times more CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { 'auth-token': token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function registerShoppers(base: string, count: number, runId: string): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  // Password hashing is deliberately slow: register a few at a time.
  for (let i = 0; i < count; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - i) }, async (_, j) => {
        const n = i + j;
        const res = await call(base, 'POST', '/api/auth/user/register', undefined, {
          fullName: `Bench Shopper ${n}`,
          email: `bench-${runId}-${n}@bench.example`,
          password: 'bench-password-1',
          mobile: `98${String(10_000_000 + n).slice(-8)}`,
          address: `${n} Bench Road`,
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560001',
        });
        const token = (JSON.parse(res.text) as { authToken?: string }).authToken;
        if (!token) throw new Error(`register failed (${res.status}): ${res.text}`);
        const pm = await call(base, 'PUT', '/api/user/set-payment-method', token, { selectedMethod: 'COD' });
        if (pm.status >= 400) throw new Error(`set-payment-method failed (${pm.status}): ${pm.text}`);
        return { token };
      }),
    );
    shoppers.push(...batch);
  }
  return shoppers;
}

async function productStock(base: string, id: string): Promise<ProductStock> {
  const res = await call(base, 'GET', `/api/product-page/${id}`);
  if (res.status !== 200) throw new Error(`product-page ${res.status}: ${res.text.slice(0, 200)}`);
  return JSON.parse(res.text) as ProductStock;
}

/** Stock of every variant of these products, by variant id. */
async function stockOf(base: string, productIds: string[]): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  for (const id of new Set(productIds)) {
    const product = await productStock(base, id);
    for (const v of product.variants) stock.set(v._id, v.stock);
  }
  return stock;
}

const keyOf = (pick: Pick) => pick.variantId;

let lastError = '';

/**
 * One placement: add one unit of a size to the cart (a product in several sizes needs
 * `variantId`), then place the COD order for the cart.
 */
async function placeOrder(base: string, shopper: Shopper, pick: Pick): Promise<'ok' | 'refused' | 'error'> {
  const fail = (step: string, res: { status: number; text: string }) => {
    lastError = `${step} ${res.status}: ${res.text.slice(0, 200)}`;
    return 'error' as const;
  };
  const add = await call(base, 'POST', '/api/user/add-to-cart', shopper.token, pick);
  if (add.status >= 500) return fail('add-to-cart', add);
  if (add.status >= 400) return /stock|sold out/i.test(add.text) ? 'refused' : fail('add-to-cart', add);
  const place = await call(base, 'PUT', '/api/user/order-success', shopper.token);
  if (place.status >= 500) return fail('order-success', place);
  if (place.status >= 400) {
    if (!/stock|sold out/i.test(place.text)) return fail('order-success', place);
    // Leave the cart empty for the next attempt: the line is removed by its own id.
    const { cartProductId } = JSON.parse(add.text) as { cartProductId: string };
    const removed = await call(base, 'DELETE', '/api/user/add-to-cart', shopper.token, { cartProductId });
    if (removed.status >= 400) return fail('remove from cart', removed);
    return 'refused';
  }
  return 'ok';
}

/**
 * Every shopper loops add-to-cart → order-success on sizes of products spread over the catalogue
 * (like real traffic), for `rounds` rounds of `seconds` each; then all of them race for the size
 * with the least stock.
 */
export async function benchCod(
  base: string,
  picks: Pick[],
  opts: { users: number; seconds: number; rounds: number; runId: string; serverPid: number | undefined },
): Promise<CodResult> {
  const registering = sampleRss(opts.serverPid);
  const shoppers = await registerShoppers(base, opts.users, opts.runId);
  const rssRegisteringMb = registering.stop();
  const productIds = picks.map((p) => p.productId);
  const initial = await stockOf(base, productIds);
  const candidates = picks.filter((p) => (initial.get(keyOf(p)) ?? 0) > 0);
  console.log(
    `  COD: ${shoppers.length} shoppers ready, placing orders for ${opts.rounds} rounds of ${opts.seconds} s on ${candidates.length} sizes of ${new Set(productIds).size} products`,
  );
  const sold = new Map<string, number>();
  const latencies: number[] = [];
  const rounds: number[] = [];
  let errors = 0;
  let refused = 0;
  let firstError = '';
  let elapsed = 0;
  const placing = sampleRss(opts.serverPid);
  const cpuBefore = cpuMs(opts.serverPid);
  let placedTotal = 0;
  for (let round = 0; round < opts.rounds; round++) {
    let placed = 0;
    const started = performance.now();
    const deadline = started + opts.seconds * 1000;
    await Promise.all(
      shoppers.map(async (shopper) => {
        while (performance.now() < deadline) {
          const pick = candidates[Math.floor(Math.random() * candidates.length)]!;
          const t0 = performance.now();
          const outcome = await placeOrder(base, shopper, pick).catch((err: Error) => {
            firstError ||= err.message;
            return 'error' as const;
          });
          latencies.push(performance.now() - t0);
          if (outcome === 'ok') {
            placed++;
            sold.set(keyOf(pick), (sold.get(keyOf(pick)) ?? 0) + 1);
          } else if (outcome === 'refused') refused++;
          else errors++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    elapsed += seconds;
    rounds.push(placed / seconds);
    placedTotal += placed;
    console.log(`  COD round ${round + 1}: ${(placed / seconds).toFixed(0)} orders/s`);
  }
  const rssPlacingMb = placing.stop();
  const serverCpuMsPerOrder = (cpuMs(opts.serverPid) - cpuBefore) / placedTotal;
  let oversold = false;
  let stockNegative = false;
  const final = await stockOf(base, productIds);
  for (const pick of candidates) {
    const key = keyOf(pick);
    const left = final.get(key) ?? 0;
    const before = initial.get(key) ?? 0;
    if (left < 0) stockNegative = true;
    // Exact accounting: what left the shelf is what was sold, and never more than there was.
    if (before - left !== (sold.get(key) ?? 0) || (sold.get(key) ?? 0) > before) oversold = true;
  }
  latencies.sort((a, b) => a - b);
  if (firstError) console.warn(`  first COD exception: ${firstError}`);
  if (lastError) console.warn(`  last COD error: ${lastError}`);
  return {
    users: opts.users,
    seconds: elapsed,
    ordersPerSec: median(rounds),
    rounds,
    rssPlacingMb,
    rssRegisteringMb,
    serverCpuMsPerOrder,
    p50: median(latencies),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN,
    errors,
    refused,
    oversold,
    stockNegative,
    contention: await contention(base, shoppers, leastStocked(candidates, final)),
  };
}

/** The size with the least stock left (but some), for the race. */
function leastStocked(picks: Pick[], left: Map<string, number>): Pick {
  let best = picks[0]!;
  let bestLeft = Number.POSITIVE_INFINITY;
  for (const pick of picks) {
    const n = left.get(keyOf(pick)) ?? 0;
    if (n > 0 && n < bestLeft) {
      best = pick;
      bestLeft = n;
    }
  }
  return best;
}

/** All shoppers at once on one size: exactly its stock may be sold, the rest refused. */
async function contention(base: string, shoppers: Shopper[], pick: Pick) {
  const stock = (await stockOf(base, [pick.productId])).get(keyOf(pick)) ?? 0;
  let sold = 0;
  let refused = 0;
  await Promise.all(
    shoppers.map(async (s) => {
      // Each shopper keeps buying one unit until the shop says there is no more (bounded).
      for (let i = 0; i < 1000; i++) {
        const outcome = await placeOrder(base, s, pick).catch(() => 'error' as const);
        if (outcome === 'ok') sold++;
        else {
          if (outcome === 'refused') refused++;
          return;
        }
      }
    }),
  );
  return { stock, sold, refused, finalStock: (await stockOf(base, [pick.productId])).get(keyOf(pick)) ?? 0 };
}
