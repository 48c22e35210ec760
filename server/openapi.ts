/**
 * The API's OpenAPI document, gathered from every feature: each one's operations (defined with
 * their routes, server/platform/operations.ts). Served at `/api/openapi.json`, linted by
 * `npm run lint:openapi`, and the API tests check every answer against it.
 */
import { buildOpenApiDocument } from './platform/openapi.ts';
import * as auth from './features/auth/index.ts';
import * as audit from './features/audit/index.ts';
import * as billing from './features/billing/index.ts';
import * as corrections from './features/corrections/index.ts';
import * as kitchen from './features/kitchen/index.ts';
import * as media from './features/media/index.ts';
import * as orders from './features/orders/index.ts';
import * as pause from './features/pause/index.ts';
import * as printing from './features/printing/index.ts';
import * as payments from './features/payments/index.ts';
import * as push from './features/push/index.ts';
import * as tables from './features/tables/index.ts';
import * as tableSessions from './features/table-sessions/index.ts';
import * as team from './features/team/index.ts';
import * as venues from './features/venues/index.ts';

import type { Operation } from './platform/operations.ts';

/** A feature's part of the document: its operations (and, until they are all operations, hand-written paths). */
interface Part {
  operations?: Record<string, Operation>;
  openApiPaths?: Record<string, Record<string, unknown>>;
}

const FEATURES: Part[] = [
  venues,
  media,
  tables,
  team,
  tableSessions,
  billing,
  payments,
  corrections,
  audit,
  orders,
  pause,
  orders.timingPart,
  push,
  kitchen,
  printing,
  auth,
];

let cached: Record<string, unknown> | undefined;

export function openApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument({
    paths: FEATURES.flatMap((feature) => (feature.openApiPaths ? [feature.openApiPaths] : [])),
    operations: FEATURES.flatMap((feature) => Object.values(feature.operations ?? {})),
  });
  return cached;
}
