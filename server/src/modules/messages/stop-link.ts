import type { MessageChannel } from '@vastra/contracts';
import { readSignedFields, signFields } from '../../lib/signed-fields.ts';

/**
 * The "stop" link every offer carries (issue 39): it names the shopper and the channel, signed with
 * the shop's secret (lib/signed-fields.ts), so following it turns offers off without signing in, and
 * nobody can turn off another shopper's offers by guessing. It never expires: an old message must still let one stop.
 */
type StopChannel = MessageChannel | 'email';
const CHANNELS: readonly StopChannel[] = ['sms', 'whatsapp', 'email'];

const PURPOSE = 'stop-offers';

export const stopToken = (secret: string, userId: string, channel: StopChannel): string =>
  signFields(secret, PURPOSE, [userId, channel]);

/** The shopper and channel a genuine token names; undefined for anything else. */
export function readStopToken(
  secret: string,
  token: string,
): { userId: string; channel: StopChannel } | undefined {
  const [userId, channel] = readSignedFields(secret, PURPOSE, token, 2) ?? [];
  if (!userId || !CHANNELS.includes(channel as StopChannel)) return undefined;
  return { userId, channel: channel as StopChannel };
}

/** The link as offers show it. */
export const stopLink = (publicUrl: string, secret: string, userId: string, channel: StopChannel) =>
  `${publicUrl}/api/notifications/stop?token=${encodeURIComponent(stopToken(secret, userId, channel))}`;
