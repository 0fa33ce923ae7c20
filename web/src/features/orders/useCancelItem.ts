import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { cancelOrderItem, orderKeys } from './api.ts';

/** Cancel one item, say so, and refresh every order view (list and order page). */
export function useCancelItem() {
  const i18n = useI18n();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrderItem,
    onSuccess: () => toast.success(i18n._('One Order Cancelled')),
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
