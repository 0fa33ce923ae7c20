import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema.ts';
import type { CreateSessionInput, PaymentProvider, SessionState } from './provider.ts';

/** Test card numbers the built-in page understands (Stripe's own test numbers). */
export const TEST_CARD_OK = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/**
 * The built-in provider used when no Stripe key is set: sessions are paid on the shop's own page at
 * /pay/:sessionId. Its state lives in `payment_events` (not in memory) so every app process sees
 * the same sessions, exactly as they would all see Stripe.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly db: DbOrTx,
    private readonly publicUrl: string,
  ) {}

  static isSessionId(id: string): boolean {
    return /^test_cs_[0-9a-f]{32}$/.test(id);
  }

  async createSession(_input: CreateSessionInput) {
    const id = `test_cs_${randomBytes(16).toString('hex')}`;
    return { id, url: `${this.publicUrl}/pay/${id}` };
  }

  async retrieveSession(sessionId: string): Promise<SessionState> {
    const [paid] = await this.db
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'test'), eq(paymentEvents.eventId, `paid:${sessionId}`)));
    return paid ? { paid: true, paymentId: `test_pi_${sessionId.slice(8)}` } : { paid: false };
  }

  /** The test page's Pay button: records the payment once (a second click changes nothing). */
  async pay(db: DbOrTx, sessionId: string): Promise<void> {
    await db
      .insert(paymentEvents)
      .values({ provider: 'test', eventId: `paid:${sessionId}`, type: 'payment' })
      .onConflictDoNothing();
  }

  /**
   * No money moved, so there is nothing to give back: the refund id (derived from the idempotency
   * key, so a retry answers the same id) is what the order records. It touches no database, as it
   * runs inside the cancelling transaction.
   */
  async refund(input: { idempotencyKey: string }) {
    return { id: `test_re_${input.idempotencyKey}` };
  }

  async expireSession(_sessionId: string): Promise<void> {
    // Nothing to do: an order that is no longer awaiting payment cannot be paid on the test page.
  }
}
