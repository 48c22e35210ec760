/** Online payments' providers and each venue's provider configuration (docs/architecture.md#online-payments). The payments feature's public module. */
export * from './providers/index.ts';
