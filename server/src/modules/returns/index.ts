/** Returns and size exchanges after delivery (issue 18): the return rows, their moves and lists. */
export { listReturns } from './list-returns.ts';
export { moveReturn, type ReturnMove, refuseReturnMove, releaseHoldOnce } from './move-return.ts';
export { createReturn, reopenReturn } from './open-return.ts';
export {
  findReturnView,
  RETURN_NOT_FOUND,
  type ReturnRow,
  type ReturnViewer,
} from './return-view.ts';
export { default as returnListRoutes } from './routes.ts';
