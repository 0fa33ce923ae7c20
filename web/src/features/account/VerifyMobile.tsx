import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { keys, queryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import type { UserProfile } from '../../lib/types.ts';
import { CodeStep, MobileStep, resendAt } from './otp-steps.tsx';
import { requestMobileCode, verifyMobileCode } from './phone-api.ts';

type Step = { at: 'closed' } | { at: 'mobile' } | { at: 'code'; mobile: string; resendAfter: number };

/**
 * On the profile of a shopper whose mobile is not verified (e.g. one who signed up by e-mail): prove
 * a number with a code sent to it, so it signs them in too (issue 39). Once verified, the same steps
 * change it: a new number is proved with a code before it replaces the old one.
 */
export function VerifyMobile({ mobile, verified }: { mobile: string; verified: boolean }) {
  const i18n = useI18n();
  const [step, setStep] = useState<Step>({ at: 'closed' });
  const send = useMutation({
    mutationFn: requestMobileCode,
    onSuccess: (answer, to) => setStep({ at: 'code', mobile: to, resendAfter: resendAt(answer) }),
  });
  const verify = useMutation({
    mutationFn: ({ to, otp }: { to: string; otp: string }) => verifyMobileCode(to, otp),
    onSuccess: (answer) => {
      queryClient.setQueryData<UserProfile>(keys.profile, answer.user);
      setStep({ at: 'closed' });
      toast.success(i18n._('Mobile number verified. You can now sign in with it.'));
    },
  });

  return (
    <section className="verify-mobile" aria-labelledby="verify-mobile-title">
      <h2 id="verify-mobile-title">{verified ? i18n._('Change mobile number') : i18n._('Verify mobile')}</h2>
      <p className="muted">
        {verified
          ? i18n._(
              'You sign in with a code sent to +91 {mobile}. A new number is checked with a code first.',
              {
                mobile,
              },
            )
          : i18n._('Verify your mobile number to sign in with a code sent to it.')}
      </p>
      {step.at === 'closed' && (
        <button type="button" className="btn" onClick={() => setStep({ at: 'mobile' })}>
          {verified ? i18n._('Change mobile number') : i18n._('Verify mobile')}
        </button>
      )}
      {step.at === 'mobile' && (
        <MobileStep
          id="verify"
          initial={mobile}
          busy={send.isPending}
          error={send.error?.message}
          onSend={send.mutate}
        />
      )}
      {step.at === 'code' && (
        <CodeStep
          id="verify"
          mobile={step.mobile}
          resendAfter={step.resendAfter}
          busy={verify.isPending}
          resending={send.isPending}
          error={verify.error?.message ?? send.error?.message}
          onVerify={(otp) => verify.mutate({ to: step.mobile, otp })}
          onResend={() => {
            verify.reset();
            send.mutate(step.mobile);
          }}
          onChangeNumber={() => {
            send.reset();
            verify.reset();
            setStep({ at: 'mobile' });
          }}
        />
      )}
    </section>
  );
}
