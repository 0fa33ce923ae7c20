import type { AdminOrder, AdminOrderItem, AdminProduct, AdminUser } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { cancelItemAction, productActions, userActions } from './row-actions.tsx';

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
    expect(productActions(product('active')).map((a) => a.name)).toEqual([
      'Hide Indigo Kurta',
      'Remove Indigo Kurta',
    ]);
    expect(productActions(product('active'))[0]?.reason).toBeDefined();
    expect(productActions(product('hidden')).map((a) => a.label)).toEqual(['Remove']);
    expect(productActions(product('removed'))).toEqual([]);
  });

  it('cancels only an item not shipped yet, and says when the money goes back', () => {
    expect(cancelItemAction(order('cod_due'), item('shipped'))).toBeNull();
    expect(cancelItemAction(order('cod_due'), item('delivered'))).toBeNull();
    expect(cancelItemAction(order('cod_due'), item('pending'))?.question.message).toMatch(/nothing was paid/);
    expect(cancelItemAction(order('paid'), item('pending'))?.question.message).toMatch(
      /Rs\. 799\.00 plus GST\) is refunded/,
    );
  });

  it('suspends an active shopper, reinstates a suspended one, and offers both while the list does not say', () => {
    const user = { _id: 'u1', fullName: 'Asha Verma' } as AdminUser;
    expect(userActions({ ...user, status: 'active' } as AdminUser).map((a) => a.label)).toEqual(['Suspend']);
    expect(userActions({ ...user, status: 'suspended' } as AdminUser).map((a) => a.label)).toEqual([
      'Reinstate',
    ]);
    expect(userActions(user).map((a) => a.label)).toEqual(['Suspend', 'Reinstate']);
  });
});
