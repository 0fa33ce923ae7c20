import { LOGIN_PATH, signOut, useSession } from '../lib/auth.ts';
import { queryClient } from '../lib/query.ts';
import { useNavigate } from '../lib/router.tsx';

/** Logs out whoever is signed in and opens their login page (SPEC §2: Logout to /login etc.). */
export function useLogout(): () => void {
  const session = useSession();
  const navigate = useNavigate();
  return () => {
    if (session.role === 'visitor') return;
    const role = session.role;
    signOut(role);
    queryClient.removeQueries();
    navigate(LOGIN_PATH[role]);
  };
}
