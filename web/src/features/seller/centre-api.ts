import { useQuery } from '@tanstack/react-query';
import type {
  BulkShipAnswer,
  CatalogueImportAnswer,
  DashboardDays,
  LabelSize,
  LowStockAnswer,
  PickupAddressAnswer,
  PickupAddressInput,
  SellerDashboard,
  SellerSettingsAnswer,
  SellerSettingsInput,
} from '@vastra/contracts';
import { api, errorMessage, NETWORK_ERROR, qs } from '../../lib/api.ts';
import { tokenOf } from '../../lib/auth.ts';
import { downloadFile } from '../../lib/download.ts';

/** The seller centre's dashboard, low stock, bulk shipping, labels and catalogue CSV (issue 23). */
export const centreKeys = {
  dashboard: (days: DashboardDays) => ['seller', 'dashboard', days] as const,
  lowStock: ['seller', 'low-stock'] as const,
  pickup: ['seller', 'pickup-address'] as const,
  settings: ['seller', 'settings'] as const,
};

export function useSellerDashboard(days: DashboardDays) {
  return useQuery({
    queryKey: centreKeys.dashboard(days),
    queryFn: () => api<SellerDashboard>(`/api/seller/dashboard${qs({ days })}`, { as: 'seller' }),
  });
}

export function useLowStock() {
  return useQuery({
    queryKey: centreKeys.lowStock,
    queryFn: () => api<LowStockAnswer>('/api/seller/low-stock', { as: 'seller' }),
  });
}

export function saveLowStockThreshold(lowStockThreshold: number) {
  return api<SellerSettingsAnswer>('/api/seller/settings', {
    method: 'PUT',
    as: 'seller',
    body: { lowStockThreshold },
  });
}

/** Where the seller ships from and its handling time (null address until one is set). */
export function usePickupAddress() {
  return useQuery({
    queryKey: centreKeys.pickup,
    queryFn: () => api<PickupAddressAnswer>('/api/seller/pickup-address', { as: 'seller' }),
  });
}

export function savePickupAddress(address: PickupAddressInput) {
  return api<PickupAddressAnswer>('/api/seller/pickup-address', {
    method: 'PUT',
    as: 'seller',
    body: address,
  });
}

/** The seller's settings: low-stock threshold, handling time and order cut-off hour (IST). */
export function useSellerSettings() {
  return useQuery({
    queryKey: centreKeys.settings,
    queryFn: () => api<SellerSettingsAnswer>('/api/seller/settings', { as: 'seller' }),
  });
}

/** Saves some of the settings (what is left out is kept): the handling time, the cut-off hour. */
export function saveSellerSettings(settings: SellerSettingsInput) {
  return api<SellerSettingsAnswer>('/api/seller/settings', {
    method: 'PUT',
    as: 'seller',
    body: settings,
  });
}

/**
 * Confirm Shipment of several items: with one courier (and AWB, unless self-delivery), or each
 * order's parcel booked through Shiprocket.
 */
export function shipItems(
  itemIds: string[],
  courier: string,
  awb?: string,
  provider: 'self' | 'shiprocket' = 'self',
) {
  return api<BulkShipAnswer>('/api/seller/orders/ship', {
    method: 'POST',
    as: 'seller',
    body: provider === 'shiprocket' ? { itemIds, provider } : { itemIds, courier, ...(awb ? { awb } : {}) },
  });
}

export const downloadLabel = (orderId: string, size: LabelSize) =>
  downloadFile({
    path: `/api/seller/orders/${encodeURIComponent(orderId)}/label.pdf${qs({ size })}`,
    as: 'seller',
    accept: 'application/pdf',
    what: 'label',
    fallbackName: `label-${size}.pdf`,
  });

export const downloadPackingSlip = (orderId: string) =>
  downloadFile({
    path: `/api/seller/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`,
    as: 'seller',
    accept: 'application/pdf',
    what: 'packing slip',
    fallbackName: 'packing-slip.pdf',
  });

/** Labels (or packing slips) of several orders in one PDF, one per page. */
export const downloadLabels = (
  orderIds: string[],
  kind: 'labels' | 'packing-slips',
  size: LabelSize = '4x6',
) =>
  downloadFile({
    path: `/api/seller/${kind}.pdf${qs({ orderIds: orderIds.join(','), size })}`,
    as: 'seller',
    accept: 'application/pdf',
    what: kind === 'labels' ? 'labels' : 'packing slips',
    fallbackName: `${kind}.pdf`,
  });

export const downloadCsv = (what: 'template' | 'catalogue' | 'orders') => {
  const path = {
    template: '/api/seller/catalogue/template.csv',
    catalogue: '/api/seller/catalogue/export.csv',
    orders: '/api/seller/orders/export.csv',
  }[what];
  return downloadFile({ path, as: 'seller', accept: 'text/csv', what, fallbackName: `vastra-${what}.csv` });
};

/**
 * Sends the catalogue CSV (and the photos ZIP) for a dry run or the import, reporting the upload's
 * progress in whole percent. XMLHttpRequest because fetch has no upload progress events. Both a
 * dry run's answer and a refused import's (400 with the rows' errors) resolve with the answer.
 */
export function uploadCatalogue(
  csv: File,
  photos: File | null,
  dryRun: boolean,
  onProgress: (percent: number) => void,
): Promise<CatalogueImportAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (photos) form.append('photos', photos);
    form.append('file', csv);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/seller/catalogue/import${qs({ dryRun: String(dryRun) })}`);
    const token = tokenOf('seller');
    if (token) xhr.setRequestHeader('auth-token', token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (body && typeof body === 'object' && 'ok' in body) resolve(body as CatalogueImportAnswer);
      else reject(new Error(errorMessage(body, 'The catalogue could not be uploaded')));
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    xhr.send(form);
  });
}
