import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, insertProduct } from '../../test/factories.ts';
import { FakeRazorpay } from '../../test/fake-razorpay.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';

/**
 * Text PostgreSQL cannot take (NUL, and half of a UTF-16 surrogate pair, which JSON's "\ud800"
 * escape makes) is refused with a 400 in one place for every route: each path parameter, query
 * parameter and string field of every route in the OpenAPI document, and the routes it leaves out
 * (the Razorpay page), is sent each character in turn. Every answer is a 400 in the error shape,
 * never a 500, and no row of any table changes.
 */
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
/** The same characters in a URL: a lone surrogate has no UTF-8 form, so its bytes are malformed. */
const IN_URL = { NUL: '%00', 'lone surrogate': '%ED%A0%80' } as const;

const fake = new FakeRazorpay();
let ctx: TestContext;
let user: FastAccount;
let seller: FastAccount;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ env: await fake.start() });
  user = await quickUser(ctx.app);
  seller = await quickSeller(ctx.app);
  adminHeaders = { 'auth-token': (await createAdmin(ctx.app, ctx.db)).token };
  await insertProduct(ctx.db, seller.id);
});
afterAll(async () => {
  await ctx?.close();
  await fake.close();
});

/** Every table's row count and a digest of its rows, to show a refused request changed nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rowsOf(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
          from ${sql.identifier(String(name))} t`,
    );
    state[String(name)] = `${row!.n} ${row!.digest}`;
  }
  return state;
}

/**
 * Sends the request as nobody, then as a shopper, a seller and an admin until the route's guard lets
 * it through: a refusal for the text must come from some role, and the others may only be 401/403.
 */
async function send(request: InjectOptions): Promise<LightMyRequestResponse> {
  const roles = [{}, user.headers, seller.headers, adminHeaders];
  let res: LightMyRequestResponse | undefined;
  for (const headers of roles) {
    res = await ctx.app.inject({ ...request, headers: { ...request.headers, ...headers } });
    if (res.statusCode !== 401 && res.statusCode !== 403) return res;
  }
  return res!;
}

function expectRefused(res: LightMyRequestResponse, what: string, field?: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json();
  expect(body, what).toEqual({ success: false, error: body.errors[0].msg, errors: expect.any(Array) });
  if (field)
    expect(body.errors, what).toContainEqual({ msg: expect.stringMatching(/not allowed/), path: field });
}

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
type Segment = string | number;
/** Where a body schema takes text: a string value, or the key of an open-ended object. */
interface TextSpot {
  path: Segment[];
  key: boolean;
}

function textSpots(schema: Schema | undefined, path: Segment[] = [], spots: TextSpot[] = []): TextSpot[] {
  if (!schema || path.length > 8) return spots;
  if (schema.type === 'string') spots.push({ path, key: false });
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    textSpots(branch, path, spots);
  for (const [name, field] of Object.entries(schema.properties ?? {}))
    textSpots(field, [...path, name], spots);
  if (schema.items) textSpots(schema.items, [...path, 0], spots);
  if (typeof schema.additionalProperties === 'object') spots.push({ path, key: true });
  const seen = new Set<string>();
  return spots.filter((s) => {
    const id = `${s.key}:${s.path.join('.')}`;
    return !seen.has(id) && seen.add(id);
  });
}

/** A body holding only `value` at `path` (arrays for numeric segments). */
function bodyWith(path: Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head!]: bodyWith(rest, value) };
}

interface Route {
  method: string;
  /** The path with `{name}` placeholders, as OpenAPI writes it. */
  path: string;
  params: string[];
  query: string[];
  body?: Schema;
}

/** The routes the OpenAPI document leaves out (`hide: true`) that take a path parameter. */
const HIDDEN_ROUTES: Route[] = [
  { method: 'GET', path: '/pay/razorpay/{orderId}', params: ['orderId'], query: [] },
  { method: 'POST', path: '/pay/razorpay/{orderId}/complete', params: ['orderId'], query: [] },
];

async function documentedRoutes(): Promise<Route[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  type Operation = {
    parameters?: { in: string; name: string }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  };
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** A well-formed stand-in for each path parameter (the refusal must not depend on it). */
const urlOf = (route: Route, values: Record<string, string> = {}) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name in values ? values[name]! : name === 'n' ? '1' : '00000000-0000-4000-8000-000000000000',
  );

describe('NUL and lone surrogates in a request', () => {
  it('are refused with a 400 in every path parameter, query parameter and body field', async () => {
    const routes = [...(await documentedRoutes()), ...HIDDEN_ROUTES];
    expect(routes.length).toBeGreaterThan(100);
    const before = await snapshot();
    let sent = 0;
    for (const route of routes) {
      const method = route.method as InjectOptions['method'];
      for (const [name, encoded] of Object.entries(IN_URL)) {
        for (const param of route.params) {
          const url = urlOf(route, { [param]: `a${encoded}b` });
          // A malformed URL is refused before routing, with no field to name.
          expectRefused(
            await send({ method, url }),
            `${name} in ${route.method} ${url}`,
            name === 'NUL' ? param : undefined,
          );
          sent++;
        }
      }
      for (const query of route.query) {
        const url = `${urlOf(route)}?${encodeURIComponent(query)}=a%00b`;
        expectRefused(await send({ method, url }), `NUL in ${route.method} ${url}`, query);
        sent++;
      }
      for (const spot of textSpots(route.body)) {
        for (const [name, bad] of Object.entries({ NUL, 'lone surrogate': LONE_SURROGATE })) {
          const text = `a${bad}b`;
          const payload = spot.key ? bodyWith(spot.path, { [text]: 1 }) : bodyWith(spot.path, text);
          const field = [...spot.path, ...(spot.key ? ['a\ufffdb'] : [])].join('.');
          const what = `${name} in ${route.method} ${route.path} ${field}`;
          expectRefused(await send({ method, url: urlOf(route), payload: payload as object }), what, field);
          sent++;
        }
      }
    }
    // NUL in a fixed part of every path: no such route, or a parameter that refuses it; never a 500.
    for (const route of routes) {
      const res = await send({ method: route.method as InjectOptions['method'], url: `${urlOf(route)}%00` });
      expect([400, 404], `${route.method} ${route.path}%00: ${res.body}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect(sent).toBeGreaterThan(400);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused on the Razorpay page (NUL in its order id) with Razorpay configured', async () => {
    const before = await snapshot();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/pay/razorpay/%00/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'razorpay_order_id=%00&razorpay_payment_id=pay_x&razorpay_signature=abc',
    });
    expectRefused(res, 'NUL in the Razorpay order id', 'orderId');
    // Without the NUL: the page's own answer for an unknown order.
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/pay/razorpay/order_x/complete',
      payload: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused in a new product’s name and photo text, and the product is not made', async () => {
    const product = {
      productName: `Linen Kurta ${Date.now()}`,
      price: 899,
      stockQuantity: 4,
      category: 'Mens',
      subCategory: 'gentsShirt',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/kurta.jpg',
    };
    const add = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/seller/add-product', headers: seller.headers, payload });
    const before = await snapshot();
    // The body as a client sends it: JSON's escape, which JSON.parse turns into half a pair.
    const raw = JSON.stringify(product).replace('"Linen', '"\\ud800Linen');
    expect(raw).toContain('\\ud800');
    const lone = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/add-product',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      payload: raw,
    });
    expectRefused(lone, 'a lone surrogate in productName', 'productName');
    expectRefused(
      await add({ ...product, images: [{ url: product.imageUrl, alt: `Front \udc00` }] }),
      'a lone low surrogate in the alt text',
      'images.0.alt',
    );
    expect(await snapshot()).toEqual(before);
    // A whole pair (an emoji) is text like any other.
    const made = await add({ ...product, productName: `${product.productName} 👕` });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().product.productName).toBe(`${product.productName} 👕`);
  });
});
