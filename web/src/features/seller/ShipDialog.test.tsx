import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { ShipDialog } from './ShipDialog.tsx';

const dialog = (onShip = vi.fn(async () => undefined)) => {
  render(<ShipDialog id="item-1" count={2} busy={false} onShip={onShip} onCancel={() => undefined} />);
  return onShip;
};

describe('the ship dialog', () => {
  it('asks for the AWB unless the seller delivers it themselves', async () => {
    const user = userEvent.setup();
    const onShip = dialog();
    expect(screen.getByText('Shipping 2 items together')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Courier'), 'Delhivery');
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(screen.getByText('Enter the AWB number')).toBeInTheDocument();
    expect(screen.getByLabelText('AWB number')).toHaveFocus();
    expect(onShip).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Courier'));
    await user.type(screen.getByLabelText('Courier'), 'Self-delivery');
    expect(screen.queryByLabelText('AWB number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(onShip).toHaveBeenCalledWith({ courier: 'Self-delivery' });
  }, 20_000);

  it('takes any other courier typed in, and shows the server’s refusal beside its field', async () => {
    const user = userEvent.setup();
    const onShip = dialog(
      vi.fn(async () => {
        throw new ApiError('Bad', 400, { errors: [{ msg: 'AWB number already used', path: 'awb' }] });
      }),
    );
    await user.type(screen.getByLabelText('Courier'), 'Trackon');
    await user.type(screen.getByLabelText('AWB number'), 'TR-123456');
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(onShip).toHaveBeenCalledWith({ courier: 'Trackon', awb: 'TR-123456' });
    expect(await screen.findByText('AWB number already used')).toBeInTheDocument();
  }, 20_000);

  it('books through Shiprocket when the shop has it: no courier or AWB to type', async () => {
    const user = userEvent.setup();
    const onShip = vi.fn(async () => undefined);
    render(
      <ShipDialog
        id="bulk"
        count={3}
        busy={false}
        offerShiprocket
        onShip={onShip}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByLabelText('Shiprocket (one parcel per order, AWB assigned)'));
    expect(screen.queryByLabelText('Courier')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('AWB number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(onShip).toHaveBeenCalledWith({ provider: 'shiprocket', courier: '' });
  }, 20_000);

  it('offers only the seller’s own courier when the shop has no Shiprocket', () => {
    dialog();
    expect(screen.queryByText('Ship with')).not.toBeInTheDocument();
  });
});
