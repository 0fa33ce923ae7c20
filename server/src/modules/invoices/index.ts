/** Tax invoices and credit notes (DESIGN §11). Other code imports only this file. */
export { type Operator, operatorOf } from './documents.ts';
export { creditItem, creditItemUnits, invoiceShipment, type UnitsCredit } from './issue.ts';
export { invoiceDay, PDF_FONTS } from './pdf.ts';
export { default as invoiceRoutes } from './routes.ts';
