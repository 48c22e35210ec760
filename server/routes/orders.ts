import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';
export function orderRoutes(_deps: AppDeps): Hono { return new Hono(); }
