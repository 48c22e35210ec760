export * from './limits.ts';
export * from './venue.ts';
export * from './order.ts';
export * from './auth.ts';
export * from './problem.ts';
export * from './money.ts';
export * from './hours.ts';
export * from './labels.ts';
