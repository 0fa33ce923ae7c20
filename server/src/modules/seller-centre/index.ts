/** The seller centre: dashboard, low stock and its daily e-mail, order export, packing slips and labels. */
export { sendLowStockDigests } from './low-stock.ts';
export { default as sellerCentreRoutes } from './routes.ts';
