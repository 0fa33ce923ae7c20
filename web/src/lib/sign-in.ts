import { useMutation } from '@tanstack/react-query';
import { type Role, signIn } from './auth.ts';
import { localeOf, useI18n } from './i18n.tsx';
import { saveLocale } from './locale-api.ts';
import { queryClient } from './query.ts';
import { resumeAfterLogin } from './resume.ts';
import { useNavigate } from './router.tsx';
import { toast } from './toast.ts';

/** What a login or registration answers: a token and the account's name under a per-role key. */
export type AuthAnswer =
  | { authToken: string; userFullName: string }
  | { authToken: string; sellerFullName: string }
  | { authToken: string; adminFullName: string };

function nameIn(answer: AuthAnswer): string {
  if ('userFullName' in answer) return answer.userFullName;
  if ('sellerFullName' in answer) return answer.sellerFullName;
  return answer.adminFullName;
}

/**
 * A login or registration form's request (SPEC §4, §8): on success the role's session starts with
 * nothing cached from another account, a toast says `done`, and `next` opens in place of the
 * form; a refusal is shown beside its fields, or else toasted (`warn` for registration, as the
 * original client did, else `error`).
 */
export function useSignIn<Input>(
  role: Role,
  request: (input: Input) => Promise<AuthAnswer>,
  {
    done,
    next,
    refusal = 'error',
    fieldErrors,
  }: {
    done: string;
    next: string;
    refusal?: 'warn' | 'error';
    /** Shows a refusal's field errors beside the fields; true when it did (then no toast). */
    fieldErrors?: (err: Error) => boolean;
  },
) {
  const navigate = useNavigate();
  const i18n = useI18n();
  return useMutation({
    mutationFn: request,
    onSuccess: async (answer) => {
      queryClient.removeQueries();
      signIn(role, answer.authToken, nameIn(answer));
      toast.success(done);
      // A shopper's and a seller's e-mails follow the language they use the shop in (registration reads the cookie).
      if (role !== 'admin') void saveLocale(localeOf(i18n), role).catch(() => undefined);
      // A customer's guest cart merges in, and the action that asked for login is finished.
      const back = role === 'user' ? await resumeAfterLogin() : undefined;
      navigate(back ?? next, { replace: true });
    },
    onError: (err) => {
      if (!fieldErrors?.(err)) toast[refusal](err.message);
    },
  });
}
