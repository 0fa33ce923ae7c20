/** The admin back office (lists, moderation, figures). Product removal is a workflow. */
export { recordAudit } from './audit.ts';
