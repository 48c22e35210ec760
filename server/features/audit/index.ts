/** The venue's audit log (docs/rules.md#the-floor). The audit feature's public module. */
export { recordAudit } from './record.ts';
