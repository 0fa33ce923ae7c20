import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationPrefs } from '@vastra/contracts';
import { useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { useSession } from '../../lib/auth.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { queryClient } from '../../lib/query.ts';
import { Link, Navigate } from '../../lib/router.tsx';
import {
  fetchNotificationPrefs,
  NOTIFICATION_PREFS_KEY,
  saveNotificationPrefs,
} from './notifications-api.ts';
import './account.css';
import './notifications.css';

type Topic = keyof NotificationPrefs;
type Channel = keyof NotificationPrefs['orders'];

const TOPICS: { topic: Topic; title: string; hint: string }[] = [
  {
    topic: 'orders',
    title: /*i18n*/ 'Order updates',
    hint: /*i18n*/ 'When your order is placed, shipped, out for delivery and delivered, and when a refund is made.',
  },
  {
    topic: 'offers',
    title: /*i18n*/ 'Offers',
    hint: /*i18n*/ 'Sales and new arrivals. Every offer message tells you how to stop them.',
  },
];
const CHANNELS: { channel: Channel; label: string }[] = [
  { channel: 'email', label: /*i18n*/ 'E-mail' },
  { channel: 'sms', label: /*i18n*/ 'SMS' },
  { channel: 'whatsapp', label: /*i18n*/ 'WhatsApp' },
];

/** /account/notifications: what the shopper hears about, and how (e-mail, SMS, WhatsApp). */
export default function NotificationsPage() {
  const i18n = useI18n();
  const { role } = useSession();
  const q = useQuery({
    queryKey: NOTIFICATION_PREFS_KEY,
    queryFn: fetchNotificationPrefs,
    enabled: role === 'user',
  });
  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <section className="page narrow">
      <div className="card">
        <h1>{i18n._('Notifications')}</h1>
        <QueryState query={q} loading={i18n._('Loading your notification settings')}>
          {({ orders, offers }) => <PrefsForm initial={{ orders, offers }} />}
        </QueryState>
        <p>
          <Link to="/profile">{i18n._('← My Profile')}</Link>
        </p>
      </div>
    </section>
  );
}

function PrefsForm({ initial }: { initial: NotificationPrefs }) {
  const i18n = useI18n();
  const [prefs, setPrefs] = useState(initial);
  const save = useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (answer) => {
      queryClient.setQueryData(NOTIFICATION_PREFS_KEY, answer);
      setPrefs({ orders: answer.orders, offers: answer.offers });
    },
  });
  const toggle = (topic: Topic, channel: Channel, on: boolean) => {
    save.reset();
    setPrefs((p) => ({ ...p, [topic]: { ...p[topic], [channel]: on } }));
  };

  return (
    <form
      className="notification-prefs"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(prefs);
      }}
    >
      {TOPICS.map(({ topic, title, hint }) => (
        <fieldset key={topic} aria-describedby={`${topic}-hint`}>
          <legend>{i18n._(title)}</legend>
          <p className="muted" id={`${topic}-hint`}>
            {i18n._(hint)}
          </p>
          {CHANNELS.map(({ channel, label }) => (
            <label key={channel} className="check">
              <input
                type="checkbox"
                checked={prefs[topic][channel]}
                onChange={(e) => toggle(topic, channel, e.target.checked)}
              />{' '}
              {i18n._(label)}
            </label>
          ))}
        </fieldset>
      ))}
      <p className="muted">{i18n._('WhatsApp messages are sent only if you turn them on.')}</p>
      {save.error && (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      )}
      {save.isSuccess && <p role="status">{i18n._('Your notification settings are saved.')}</p>}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? i18n._('Saving…') : i18n._('Save')}
      </button>
    </form>
  );
}
