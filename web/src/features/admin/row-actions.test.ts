import type { AdminOrder, AdminOrderItem, AdminProduct, AdminUser } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n, loadCatalog } from '../../lib/i18n.tsx';
import { cancelItemAction, productActions, sellerActions, userActions } from './row-actions.tsx';

const en = createI18n('en');

const product = (status: AdminProduct['status']) =>
  ({ _id: 'p1', productName: 'Indigo Kurta', status, sellerStatus: 'active' }) as AdminProduct;

const item = (status: AdminOrderItem['status']): AdminOrderItem => ({
  _id: 'i1',
  productId: 'p1',
  productName: 'Indigo Kurta',
  sellerId: 's1',
  companyName: 'Das Weaves',
  quantity: 1,
  amount: 799,
  status,
});
const order = (paymentStatus: AdminOrder['paymentStatus']) =>
  ({ _id: '0f3c9a5e-2222-4b7c-9d1e-000000000009', paymentStatus, items: [] }) as unknown as AdminOrder;

describe('what the admin can do to a row', () => {
  it('hides a product with a reason, or removes it, while it is not removed', () => {
    expect(productActions(product('active'), en).map((a) => a.name)).toEqual([
      'Hide Indigo Kurta',
      'Remove Indigo Kurta',
    ]);
    expect(productActions(product('active'), en)[0]?.reason).toBeDefined();
    expect(productActions(product('hidden'), en).map((a) => a.label)).toEqual(['Remove']);
    expect(productActions(product('removed'), en)).toEqual([]);
  });

  it('cancels only an item not shipped yet, and says when the money goes back', () => {
    expect(cancelItemAction(order('cod_due'), item('shipped'), en)).toBeNull();
    expect(cancelItemAction(order('cod_due'), item('delivered'), en)).toBeNull();
    expect(cancelItemAction(order('cod_due'), item('pending'), en)?.question.message).toMatch(
      /nothing was paid/,
    );
    expect(cancelItemAction(order('paid'), item('pending'), en)?.question.message).toMatch(
      /Rs\. 799\.00 plus GST\) is refunded/,
    );
  });

  it('suspends an active shopper, reinstates a suspended one, and offers both while the list does not say', () => {
    const user = { _id: 'u1', fullName: 'Asha Verma' } as AdminUser;
    expect(userActions({ ...user, status: 'active' } as AdminUser, en).map((a) => a.label)).toEqual([
      'Suspend',
    ]);
    expect(userActions({ ...user, status: 'suspended' } as AdminUser, en).map((a) => a.label)).toEqual([
      'Reinstate',
    ]);
    expect(userActions(user, en).map((a) => a.label)).toEqual(['Suspend', 'Reinstate']);
  });

  it('speaks Hindi: the button’s visible label inside its name, the question and the toast', async () => {
    const hi = createI18n('hi', await loadCatalog('hi'));
    const [suspend] = sellerActions({ _id: 's1', companyName: 'Das Weaves', status: 'active' } as never, hi);
    expect(suspend?.label).toBe('निलंबित करें');
    expect(suspend?.name).toBe('Das Weaves निलंबित करें');
    expect(suspend?.name).toContain(suspend!.label);
    expect(suspend?.question.title).toBe('Das Weaves को निलंबित करें?');
    expect(suspend?.done).toBe('Das Weaves निलंबित');
    const cancel = cancelItemAction(order('paid'), item('pending'), hi);
    expect(cancel?.name).toContain(cancel!.label);
    expect(cancel?.question.message).toContain('₹799.00');
    expect(cancel?.question.message).toContain('Das Weaves');
  });
});
