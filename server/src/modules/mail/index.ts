/** E-mail: the outbox (or SMTP) and the shop's order e-mails. */
export {
  emailVerificationMail,
  type MailAccount,
  passwordChangedMail,
  passwordResetMail,
} from './account-mails.ts';
export {
  type CancelledBy,
  cancellationMail,
  type MailCancellation,
  sellerCancellationNote,
} from './cancel-mails.ts';
export { MAIL_JOB, type Mailer, type MailMessage, OutboxMailer } from './mailer.ts';
export { formatPaise, newOrderMail, orderConfirmationMail, shipmentMail } from './order-mails.ts';
export { type MailPayout, payoutMail } from './payout-mails.ts';
export { type MailReturn, type ReturnStep, returnMails } from './return-mails.ts';
export { type TrackingMail, type TrackingMailKind, trackingMail } from './tracking-mails.ts';
