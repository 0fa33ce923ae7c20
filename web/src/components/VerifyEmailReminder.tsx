import { useMutation } from '@tanstack/react-query';
import type { AccountKind } from '@vastra/contracts';
import { resendVerification } from '../lib/passwords-api.ts';
import { toast } from '../lib/toast.ts';
import './account-security.css';
import { useI18n } from '../lib/i18n.tsx';

/**
 * Shown on a profile until its e-mail address is confirmed (nothing is blocked meanwhile; a seller
 * needs it before a payout). "Resend" mails a new link.
 */
export function VerifyEmailReminder({ kind, email }: { kind: AccountKind; email: string }) {
  const i18n = useI18n();
  const resend = useMutation({
    mutationFn: () => resendVerification(kind),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (err) => toast.error(err.message),
  });
  return (
    <div className="verify-reminder" role="status">
      <p>
        {i18n._('Please confirm your e-mail address: open the link we sent to')} <strong>{email}</strong>.
        {kind === 'seller' && i18n._(' You need a confirmed address before we can pay you.')}
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isSuccess
          ? i18n._('Link sent')
          : resend.isPending
            ? i18n._('Sending…')
            : i18n._('Resend link')}
      </button>
    </div>
  );
}
