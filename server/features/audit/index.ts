/** The venue's audit log (docs/rules.md#the-floor): entries added with each change (record.ts), one day read by managers. The audit feature's public module. */
export { recordAudit, type AuditActor } from './record.ts';
export { auditRoutes } from './routes.ts';
export * as operations from './operations.ts';
