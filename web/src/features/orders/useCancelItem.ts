import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { cancelOrderItem, orderKeys } from './api.ts';

/** Cancel one item, say so, and refresh every order view (list and order page). */
export function useCancelItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrderItem,
    onSuccess: () => toast.success('One Order Cancelled'),
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
