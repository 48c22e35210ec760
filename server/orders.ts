/** Orders (filled in below the skeleton). */
import type { Db } from './db/database.ts';
export interface OrderService { db: Db; close(): void }
export function createOrderService(db: Db): OrderService { return { db, close() {} }; }
