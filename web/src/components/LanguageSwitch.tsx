import { useState } from 'react';
import { tokenOf } from '../lib/auth.ts';
import { LOCALE_NAME, type Locale, localeOf, switchLocale, useI18n } from '../lib/i18n.tsx';
import { saveLocale } from '../lib/locale-api.ts';

/**
 * English / हिन्दी: one button naming the other language in its own script, so a reader of either
 * finds it. The choice is remembered (cookie `lang` for the server's rendering, localStorage) and,
 * for a signed-in shopper or seller, saved on the account for e-mails.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  const current = localeOf(i18n);
  const next: Locale = current === 'hi' ? 'en' : 'hi';
  const change = async () => {
    setBusy(true);
    try {
      await switchLocale(i18n, next);
      for (const role of ['user', 'seller'] as const)
        if (tokenOf(role)) void saveLocale(next, role).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`lang-switch ${className ?? ''}`}
      lang={next}
      onClick={change}
      disabled={busy}
      title={i18n._('Change language')}
    >
      {LOCALE_NAME[next]}
    </button>
  );
}
