import type { PaymentMethodName, SiteInfo } from '@vastra/contracts';
import { GST_PERCENT, responses, siteInfoSchema } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { offeredProviders, type PaymentProvider } from '../payments/index.ts';

/** What checkout offers: Razorpay (or the test page standing in for it), Stripe if set up, COD. */
function paymentChoices(payments: PaymentProvider): Pick<SiteInfo, 'paymentMethods' | 'testPayments'> {
  const names = offeredProviders(payments);
  const online = names.map((n): PaymentMethodName => (n === 'stripe' ? 'Stripe' : 'Razorpay'));
  return { paymentMethods: [...new Set(online), 'COD'], testPayments: names.includes('test') };
}

/** Business rules the policy pages state; they live in code because the code enforces them. */
const POLICY = {
  deliveryPromise: 'Delivery within 4-5 days',
  refundDays: 7,
  copyrightYears: '2023-24',
} as const;

/** The shop's public details: configuration for who and where, code constants for the rules. */
export function siteInfo(config: Config, payments: PaymentProvider): SiteInfo {
  const { shop } = config;
  return {
    shopName: 'Vastra',
    slogans: ['Your One-Stop Online Shop', 'Experience Shopping Without Borders!'],
    ownerName: shop.ownerName,
    address: shop.address,
    email: shop.email,
    phones: [shop.phone1, shop.phone2],
    gstin: shop.gstin,
    grievanceOfficer: { name: shop.grievanceOfficer, email: shop.email },
    jurisdiction: shop.jurisdiction,
    website: config.publicUrl,
    gstPercent: GST_PERCENT,
    ...POLICY,
    // The window the server enforces (RETURN_WINDOW_DAYS), so the policy says what the shop does.
    returnWindowDays: config.returns.windowDays,
    ...paymentChoices(payments),
  };
}

/** Site: `GET /api/site` for the footer, contact page and policy pages. */
export default async function siteRoutes(fastify: FastifyInstance) {
  const info = siteInfo(fastify.deps.config, fastify.deps.payments);
  fastify.get('/api/site', { schema: { response: responses(siteInfoSchema) } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return info;
  });
}
