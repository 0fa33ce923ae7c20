import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageChannel } from '@vastra/contracts';

/**
 * The "stop" link every offer carries (issue 39): it names the shopper and the channel, signed with
 * the shop's secret, so following it turns offers off without signing in, and nobody can turn off
 * another shopper's offers by guessing. It never expires: an old message must still let one stop.
 */
type StopChannel = MessageChannel | 'email';
const CHANNELS: readonly StopChannel[] = ['sms', 'whatsapp', 'email'];

const signature = (secret: string, payload: string) =>
  createHmac('sha256', `stop-offers:${secret}`).update(payload).digest('base64url');

export function stopToken(secret: string, userId: string, channel: StopChannel): string {
  const payload = `${userId}.${channel}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The shopper and channel a genuine token names; undefined for anything else. */
export function readStopToken(
  secret: string,
  token: string,
): { userId: string; channel: StopChannel } | undefined {
  const [userId, channel, given] = token.split('.');
  if (!userId || !channel || !given || !CHANNELS.includes(channel as StopChannel)) return undefined;
  const expected = Buffer.from(signature(secret, `${userId}.${channel}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return { userId, channel: channel as StopChannel };
}

/** The link as offers show it. */
export const stopLink = (publicUrl: string, secret: string, userId: string, channel: StopChannel) =>
  `${publicUrl}/api/notifications/stop?token=${encodeURIComponent(stopToken(secret, userId, channel))}`;
