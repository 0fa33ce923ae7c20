import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const SR_EMAIL = 'api-user@vastra.test';
export const SR_PASSWORD = 'fake-shiprocket-password';
export const SR_WEBHOOK_TOKEN = 'fake-shiprocket-webhook-token';

type Body = Record<string, unknown>;
interface Order {
  orderId: number;
  shipmentId: number;
  body: Body;
  status: 'NEW' | 'CANCELED';
}
interface Shipment {
  shipmentId: number;
  orderId: number;
  awb: string | null;
  courierId: number | null;
  courierName: string | null;
  pickupScheduled: string | null;
}

/** The couriers the fake quotes: a cheap slow one and a dear fast one (rates in rupees, as Shiprocket's). */
export const FAKE_COURIERS = [
  {
    courier_company_id: 24,
    courier_name: 'Xpressbees Surface',
    rate: 118.5,
    estimated_delivery_days: '5',
    etd: 'Jun 14, 2026',
    cod: 1,
  },
  {
    courier_company_id: 1,
    courier_name: 'Blue Dart Air',
    rate: 212.4,
    estimated_delivery_days: '2',
    etd: 'Jun 11, 2026',
    cod: 0,
  },
];

/** Shiprocket's status names and their ids (its shipment status table), as the webhook carries them. */
export const WEBHOOK_STATUS_IDS = {
  'PICKED UP': 42,
  'IN TRANSIT': 18,
  'OUT FOR DELIVERY': 17,
  DELIVERED: 7,
  UNDELIVERED: 21,
  'RTO INITIATED': 9,
  'RTO DELIVERED': 10,
} as const;
export type WebhookStatus = keyof typeof WEBHOOK_STATUS_IDS;

/** A tiny valid one-page PDF (what a label download returns). */
export const FAKE_LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * A local stand-in for the parts of Shiprocket's API the shop calls (login, serviceability, pickup
 * locations, adhoc orders, AWB, label, pickup, tracking, NDR, cancel). It answers with Shiprocket's
 * shapes and insists on the bearer token, so tests exercise the client's own requests.
 */
export class FakeShiprocket {
  readonly requests: { method: string; path: string; body: Body; query: Record<string, string> }[] = [];
  readonly pickups = new Map<string, Body>();
  readonly orders = new Map<number, Order>();
  readonly shipments = new Map<number, Shipment>();
  /** AWB → its tracking scans, newest first (as the tracking API lists them). */
  readonly scans = new Map<string, Body[]>();
  readonly ndrActions: { awb: string; body: Body }[] = [];
  /** Delivery pincodes no courier serves. */
  readonly unserviceable = new Set<string>();
  logins = 0;
  /** The next AWB assignment fails as Shiprocket's does when no courier takes the parcel. */
  refuseNextAwb = false;
  private tokens = new Set<string>();
  private failures = new Map<string, { status: number; message: string }>();
  private nextId = 5_000_000;
  private server = http.createServer((req, res) => void this.handle(req, res));
  private port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.env();
  }

  env() {
    return {
      SHIPROCKET_EMAIL: SR_EMAIL,
      SHIPROCKET_PASSWORD: SR_PASSWORD,
      SHIPROCKET_API_URL: `http://127.0.0.1:${this.port}`,
      SHIPROCKET_WEBHOOK_TOKEN: SR_WEBHOOK_TOKEN,
    };
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Every token handed out so far stops working (as after Shiprocket's ten days). */
  expireTokens() {
    this.tokens.clear();
  }

  /** The next call to `path` (e.g. '/courier/assign/awb') answers `status` with Shiprocket's error shape. */
  failNext(path: string, status: number, message = `fake failure of ${path}`) {
    this.failures.set(path, { status, message });
  }

  /** A scan the courier records: what tracking then lists for the AWB. */
  addScan(awb: string, status: WebhookStatus, opts: { at?: Date; reason?: string } = {}) {
    const scan = scanOf(status, opts.at ?? new Date(), opts.reason);
    this.scans.set(awb, [scan, ...(this.scans.get(awb) ?? [])]);
  }

  requestsTo(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    let body: Body = {};
    try {
      body = raw ? (JSON.parse(raw) as Body) : {};
    } catch {
      return this.send(res, 400, { message: 'Malformed JSON', status_code: 400 });
    }
    this.requests.push({ method: req.method ?? '', path, body, query: Object.fromEntries(url.searchParams) });
    if (req.method === 'GET' && path.startsWith('/labels/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(FAKE_LABEL_PDF);
    }
    const failure = this.failures.get(path);
    if (failure) {
      this.failures.delete(path);
      return this.send(res, failure.status, { message: failure.message, status_code: failure.status });
    }
    if (req.method === 'POST' && path === '/auth/login') {
      if (body.email !== SR_EMAIL || body.password !== SR_PASSWORD)
        return this.send(res, 400, { message: 'Invalid email and password combination', status_code: 400 });
      this.logins++;
      const token = `eyJ.fake.${randomBytes(8).toString('hex')}`;
      this.tokens.add(token);
      return this.send(res, 200, { id: 1, email: SR_EMAIL, company_id: 77, token });
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !this.tokens.has(token))
      return this.send(res, 401, { message: 'Token has expired', status_code: 401 });
    const [status, answer] = this.route(req.method ?? '', path, body, url.searchParams);
    return this.send(res, status, answer);
  }

  private route(method: string, path: string, body: Body, query: URLSearchParams): [number, unknown] {
    const key = `${method} ${path.replace(/\/\d+$|\/[^/]+(?=\/action$)/, '/:id')}`;
    const awbPath = path.match(/^\/(?:courier\/track\/awb|ndr)\/([^/]+)/)?.[1];
    switch (key) {
      case 'GET /courier/serviceability/':
        return this.serviceability(query);
      case 'POST /settings/company/addpickup':
        return this.addPickup(body);
      case 'POST /orders/create/adhoc':
        return this.createOrder(body);
      case 'POST /courier/assign/awb':
        return this.assignAwb(body);
      case 'POST /courier/generate/label':
        return this.generateLabel(body);
      case 'POST /courier/generate/pickup':
        return this.generatePickup(body);
      case 'POST /orders/cancel':
        return this.cancelOrders(body);
      case 'POST /ndr/:id/action':
        this.ndrActions.push({ awb: decodeURIComponent(awbPath!), body });
        return [202, { status: 'Data Updated Sucessfully' }];
    }
    if (method === 'GET' && path.startsWith('/courier/track/awb/'))
      return this.track(decodeURIComponent(awbPath!));
    return [404, { message: `no fake for ${method} ${path}`, status_code: 404 }];
  }

  private serviceability(query: URLSearchParams): [number, unknown] {
    const to = query.get('delivery_postcode') ?? '';
    const cod = query.get('cod') === '1';
    const companies = FAKE_COURIERS.filter((c) => !cod || c.cod === 1);
    if (this.unserviceable.has(to) || companies.length === 0)
      return [404, { status: 404, message: `Delivery postcode ${to} is not serviceable` }];
    return [200, { status: 200, data: { available_courier_companies: companies } }];
  }

  private addPickup(body: Body): [number, unknown] {
    const nickname = String(body.pickup_location ?? '');
    if (this.pickups.has(nickname))
      return [
        422,
        { message: 'Address nick name already in use', errors: { pickup_location: ['already exists'] } },
      ];
    this.pickups.set(nickname, body);
    return [200, { success: true, address: { ...body, pickup_code: nickname } }];
  }

  private createOrder(body: Body): [number, unknown] {
    if (!this.pickups.has(String(body.pickup_location)))
      return [
        422,
        { message: 'Oops! Invalid Data.', errors: { pickup_location: ['Wrong Pickup location entered.'] } },
      ];
    const order: Order = { orderId: this.nextId++, shipmentId: this.nextId++, body, status: 'NEW' };
    this.orders.set(order.orderId, order);
    this.shipments.set(order.shipmentId, {
      shipmentId: order.shipmentId,
      orderId: order.orderId,
      awb: null,
      courierId: null,
      courierName: null,
      pickupScheduled: null,
    });
    return [
      200,
      { order_id: order.orderId, shipment_id: order.shipmentId, status: 'NEW', status_code: 1, awb_code: '' },
    ];
  }

  private assignAwb(body: Body): [number, unknown] {
    const shipment = this.shipments.get(Number(body.shipment_id));
    if (!shipment) return [400, { message: 'Shipment id does not exist', status_code: 400 }];
    if (this.refuseNextAwb) {
      this.refuseNextAwb = false;
      return [
        200,
        {
          awb_assign_status: 0,
          response: { data: { awb_assign_error: 'Courier not serviceable for this shipment' } },
        },
      ];
    }
    const courier =
      FAKE_COURIERS.find((c) => c.courier_company_id === Number(body.courier_id)) ?? FAKE_COURIERS[0]!;
    shipment.awb = `1904${String(shipment.shipmentId).padStart(10, '0')}`;
    shipment.courierId = courier.courier_company_id;
    shipment.courierName = courier.courier_name;
    const data = {
      awb_code: shipment.awb,
      courier_company_id: courier.courier_company_id,
      courier_name: courier.courier_name,
      shipment_id: shipment.shipmentId,
      order_id: shipment.orderId,
    };
    return [200, { awb_assign_status: 1, response: { data } }];
  }

  private generateLabel(body: Body): [number, unknown] {
    const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : [];
    const shipment = this.shipments.get(ids[0] ?? NaN);
    if (!shipment?.awb) return [200, { label_created: 0, not_created: ids, message: 'AWB not assigned' }];
    const label_url = `http://127.0.0.1:${this.port}/labels/${shipment.shipmentId}.pdf`;
    return [
      200,
      {
        label_created: 1,
        label_url,
        response: 'Label has been created and uploaded successfully!',
        not_created: [],
      },
    ];
  }

  private generatePickup(body: Body): [number, unknown] {
    const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : [];
    const shipment = this.shipments.get(ids[0] ?? NaN);
    if (!shipment?.awb)
      return [400, { message: 'Please assign AWB before generating pickup', status_code: 400 }];
    if (shipment.pickupScheduled) return [400, { message: 'Already in Pickup Queue.', status_code: 400 }];
    shipment.pickupScheduled = '2026-06-10 12:39:54';
    const response = {
      pickup_scheduled_date: shipment.pickupScheduled,
      pickup_token_number: 'Reference No: 194',
      status: 3,
    };
    return [200, { pickup_status: 1, response }];
  }

  private cancelOrders(body: Body): [number, unknown] {
    const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
    const known = ids.map((id) => this.orders.get(id)).filter((o) => o !== undefined);
    if (known.length === 0) return [400, { message: 'Order id does not exist', status_code: 400 }];
    for (const order of known) order.status = 'CANCELED';
    return [200, { status: 200, message: 'Order cancelled successfully.' }];
  }

  private track(awb: string): [number, unknown] {
    const known = [...this.shipments.values()].some((s) => s.awb === awb) || this.scans.has(awb);
    if (!known) return [404, { message: 'Awb not found', status_code: 404 }];
    const activities = this.scans.get(awb) ?? [];
    const tracking_data = {
      track_status: activities.length ? 1 : 0,
      shipment_status: 6,
      shipment_track_activities: activities,
    };
    return [200, { tracking_data }];
  }

  private send(res: http.ServerResponse, status: number, json: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  }
}

/** The Indian wall clock in Shiprocket's scan format, 'YYYY-MM-DD HH:mm:ss'. */
const istDateTime = (at: Date) =>
  new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

function scanOf(status: WebhookStatus, at: Date, reason?: string) {
  const activity = status === 'UNDELIVERED' ? (reason ?? 'Consignee not available') : `${status} - scan`;
  return {
    date: istDateTime(at),
    status: 'X-FAKE',
    activity,
    location: 'Jaipur_Hub (Rajasthan)',
    'sr-status': String(WEBHOOK_STATUS_IDS[status]),
    'sr-status-label': status,
  };
}

/**
 * The JSON Shiprocket posts to the tracking webhook for `awb` reaching `status` (its real status ids;
 * `current_timestamp` in its "DD MM YYYY HH:mm:ss" Indian time). `reason` is an undelivered scan's
 * activity; `isReturn` marks a return shipment.
 */
export function webhookBody(
  awb: string,
  status: WebhookStatus,
  opts: { at?: Date; reason?: string; isReturn?: boolean } = {},
) {
  const at = opts.at ?? new Date();
  const [date, time] = istDateTime(at).split(' ') as [string, string];
  const [y, m, d] = date.split('-');
  return {
    awb,
    courier_name: 'Xpressbees Surface',
    current_status: status,
    current_status_id: WEBHOOK_STATUS_IDS[status],
    shipment_status: status,
    shipment_status_id: WEBHOOK_STATUS_IDS[status],
    current_timestamp: `${d} ${m} ${y} ${time}`,
    order_id: `ref_${awb}`,
    sr_order_id: 348456385,
    etd: '2026-06-14 15:40:19',
    scans: [scanOf('PICKED UP', new Date(at.getTime() - 60 * 60_000)), scanOf(status, at, opts.reason)],
    is_return: opts.isReturn ? 1 : 0,
    channel_id: 3422553,
    pod_status: 'OTP Based Delivery',
    pod: 'Not Available',
  };
}
