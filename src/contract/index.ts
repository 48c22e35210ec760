export * from './limits.ts';
export * from './venue.ts';
export * from './order.ts';
export * from './auth.ts';
export * from './problem.ts';
