import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@vastra/contracts/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The two steps every one-time-code flow shares (phone sign-in, a profile's "Verify mobile"): the
 * number, then the code with a resend countdown. Errors are read out (role="alert") and tied to
 * the field they are about.
 */

/** Seconds left until `until` (a Date.now() value), ticking every second; 0 once passed. */
export function useSecondsLeft(until: number) {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `until`.
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** When the next code may be asked for, from a request's answer. */
export const resendAt = (answer: { resendAfterSeconds?: number }) =>
  Date.now() + (answer.resendAfterSeconds ?? OTP_RESEND_SECONDS) * 1000;

function Alert({ id, error }: { id: string; error: string | undefined }) {
  const i18n = useI18n();
  return error ? (
    <p id={id} className="form-error" role="alert">
      {i18n._(error)}
    </p>
  ) : null;
}

export function MobileStep({
  id,
  initial = '',
  busy,
  error,
  onSend,
}: {
  id: string;
  initial?: string;
  busy: boolean;
  error?: string;
  onSend: (mobile: string) => void;
}) {
  const i18n = useI18n();
  const [mobile, setMobile] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend(mobile.trim());
  };
  return (
    <form className="form otp-step" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-mobile`}
        label={/*i18n*/ 'Mobile number'}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint={/*i18n*/ 'An Indian mobile number; we send it a 6-digit code by SMS.'}
        value={mobile}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-mobile-alert` : `${id}-mobile-hint`}
        onChange={(e) => setMobile(e.target.value)}
      />
      <Alert id={`${id}-mobile-alert`} error={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? i18n._('Sending…') : i18n._('Send code')}
      </button>
    </form>
  );
}

export function CodeStep({
  id,
  mobile,
  resendAfter,
  busy,
  resending,
  error,
  onVerify,
  onResend,
  onChangeNumber,
}: {
  id: string;
  mobile: string;
  /** Date.now() value from which another code may be asked for. */
  resendAfter: number;
  busy: boolean;
  resending: boolean;
  error?: string;
  onVerify: (otp: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
}) {
  const i18n = useI18n();
  const [otp, setOtp] = useState('');
  const wait = useSecondsLeft(resendAfter);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onVerify(otp.replace(/\s/g, ''));
  };
  return (
    <form className="form otp-step" onSubmit={submit} noValidate>
      <p className="muted" id={`${id}-sent`}>
        {i18n._('We sent a code by SMS to +91 {mobile}. It works for 5 minutes.', {
          mobile: mobile.replace(/\D/g, '').slice(-10),
        })}
      </p>
      <TextField
        id={`${id}-code`}
        label={/*i18n*/ 'One-time code'}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern={`\\d{${OTP_LENGTH}}`}
        maxLength={OTP_LENGTH}
        value={otp}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-code-alert ${id}-sent` : `${id}-sent`}
        onChange={(e) => setOtp(e.target.value)}
      />
      <Alert id={`${id}-code-alert`} error={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? i18n._('Verifying…') : i18n._('Verify')}
      </button>
      <div className="row otp-links">
        <button type="button" className="btn" onClick={onResend} disabled={wait > 0 || resending}>
          {wait > 0 ? i18n._('Resend code in {seconds}s', { seconds: wait }) : i18n._('Resend code')}
        </button>
        <button type="button" className="link-btn" onClick={onChangeNumber}>
          {i18n._('Change number')}
        </button>
      </div>
    </form>
  );
}
