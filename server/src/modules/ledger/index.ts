/** The sellers' ledger: sales, commission, TCS, refunds, payouts (DESIGN §11). Other code imports only this file. */
export {
  COMMISSION_GST_PERCENT,
  commissionRateBp,
  recordDelivery,
  recordReturnRefund,
  recordRtoFee,
  sellerBalance,
  TCS_BP,
} from './entries.ts';
export { listPayouts, recordPayout } from './payouts.ts';
export { payoutsDue, tcsReport } from './reports.ts';
export { default as ledgerRoutes } from './routes.ts';
