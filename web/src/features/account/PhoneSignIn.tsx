import { useMutation } from '@tanstack/react-query';
import type { OtpSignInAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { signIn } from '../../lib/auth.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { type AuthAnswer, useSignIn } from '../../lib/sign-in.ts';
import { updateProfile } from './api.ts';
import { CodeStep, MobileStep, resendAt } from './otp-steps.tsx';
import { requestSignInCode, verifySignInCode } from './phone-api.ts';

type Step =
  | { at: 'mobile' }
  | { at: 'code'; mobile: string; resendAfter: number }
  | { at: 'name'; answer: OtpSignInAnswer };

/**
 * A shopper signs in with their mobile number (issue 39): the number, the code sent to it, and for
 * a new account (or one never named) their name and, if they like, an e-mail. It then goes on as
 * the password login does (`next`, or the action that asked for login).
 */
export function PhoneSignIn({ next, onUseEmail }: { next: string; onUseEmail: () => void }) {
  const i18n = useI18n();
  const [step, setStep] = useState<Step>({ at: 'mobile' });
  // The session's last step, as the password login's: toast, language, resume, go on.
  const finish = useSignIn('user', async (answer: AuthAnswer) => answer, {
    done: /*i18n*/ 'Logged In Successfully',
    next,
  });
  const send = useMutation({
    mutationFn: requestSignInCode,
    onSuccess: (answer, mobile) => setStep({ at: 'code', mobile, resendAfter: resendAt(answer) }),
  });
  const verify = useMutation({
    mutationFn: ({ mobile, otp }: { mobile: string; otp: string }) => verifySignInCode(mobile, otp),
    onSuccess: (answer) => {
      if (answer.isNew || !answer.user.fullName) {
        // Signed in now, so the name can be saved; the page goes on once it is.
        signIn('user', answer.authToken, answer.user.fullName);
        setStep({ at: 'name', answer });
      } else {
        finish.mutate({ authToken: answer.authToken, userFullName: answer.user.fullName });
      }
    },
  });

  return (
    <div className="phone-sign-in">
      <h2>{i18n._('Sign in with mobile number')}</h2>
      {step.at === 'mobile' && (
        <MobileStep id="phone" busy={send.isPending} error={send.error?.message} onSend={send.mutate} />
      )}
      {step.at === 'code' && (
        <CodeStep
          id="phone"
          mobile={step.mobile}
          resendAfter={step.resendAfter}
          busy={verify.isPending || finish.isPending}
          resending={send.isPending}
          error={verify.error?.message ?? send.error?.message}
          onVerify={(otp) => verify.mutate({ mobile: step.mobile, otp })}
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
      {step.at === 'name' && (
        <NameStep
          onSaved={(fullName) => finish.mutate({ authToken: step.answer.authToken, userFullName: fullName })}
        />
      )}
      {step.at !== 'name' && (
        <p className="center small">
          <button type="button" className="link-btn" onClick={onUseEmail}>
            {i18n._('Log in with e-mail and password instead')}
          </button>
        </p>
      )}
    </div>
  );
}

/** A new phone shopper's name (required) and e-mail (optional), saved on their profile. */
function NameStep({ onSaved }: { onSaved: (fullName: string) => void }) {
  const i18n = useI18n();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      updateProfile({ fullName: fullName.trim(), ...(email.trim() ? { email: email.trim() } : {}) }),
    onSuccess: () => onSaved(fullName.trim()),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!fullName.trim());
    if (fullName.trim()) save.mutate();
  };
  const errors = fieldErrorsOf(save.error);
  const error = missing ? /*i18n*/ 'Please enter your name' : save.error?.message;
  const onEmail = !missing && Boolean(errors.email);
  return (
    <form className="form otp-step" onSubmit={submit} noValidate>
      <p className="muted">{i18n._('Welcome to Vastra! What should we call you?')}</p>
      <TextField
        id="phone-name"
        label={/*i18n*/ 'Your name'}
        autoComplete="name"
        value={fullName}
        aria-invalid={error && !onEmail ? true : undefined}
        aria-describedby={error && !onEmail ? 'phone-name-alert' : undefined}
        onChange={(e) => setFullName(e.target.value)}
      />
      <TextField
        id="phone-email"
        label={/*i18n*/ 'Email'}
        type="email"
        autoComplete="email"
        optional
        hint={/*i18n*/ 'For order receipts by e-mail; you can add it later.'}
        value={email}
        aria-invalid={onEmail ? true : undefined}
        aria-describedby={onEmail ? 'phone-name-alert' : 'phone-email-hint'}
        onChange={(e) => setEmail(e.target.value)}
      />
      {error && (
        <p id="phone-name-alert" className="form-error" role="alert">
          {i18n._(error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending}>
        {save.isPending ? i18n._('Saving…') : i18n._('Continue')}
      </button>
    </form>
  );
}
