/**
 * The OpenAPI 3.1 document of the umenu API (docs/rules.md#api), built from the same zod
 * schemas the browser and the reference server validate with, and from the operations the
 * features define next to their routes (server/platform/operations.ts). server/openapi.ts
 * gathers the features' parts; the document is served at `/api/openapi.json`.
 */
import * as z from 'zod/mini';
import {
  FloorSession,
  MergeTableInput,
  MoveTableInput,
  ParticipantRemoved,
  TableMoved,
  TableSettingsInput,
  WaiterLineInput,
  WaiterRoundInput,
} from '../../src/contract/floor.ts';
import type { Operation } from './operations.ts';
import { LoginInput, RefreshInput, SocialTokenInput, TokenPair, UserResponse, User } from '../../src/contract/auth.ts';
import {
  Category,
  Image,
  Option,
  OptionGroup,
  Product,
  Venue,
  VenueList,
  VenueSummary,
  Hours,
  Interval,
  Legal,
} from '../../src/contract/venue.ts';
import {
  Order,
  OrderInput,
  OrderLine,
  OrderLineInput,
  OrderList,
  PriceChange,
  StatusChange,
  StatusInput,
  TipInput,
} from '../../src/contract/order.ts';
import { Problem, PROBLEM_TYPES } from '../../src/contract/problem.ts';
import { AutoPause, PauseInput, PauseState, VenuePause } from '../../src/contract/pause.ts';
import { PickupSettings, PickupSlot, PickupSlots, ReadyByInput } from '../../src/contract/pickup.ts';
import {
  ProductChange,
  ProductHistory,
  ProductPatch,
  TableLink,
  TableList,
  UploadedImage,
  VenueIdCheck,
  VenueInput,
} from '../../src/contract/manage.ts';
import {
  CallInput,
  CallResult,
  JoinInput,
  JoinResult,
  JoinWaiting,
  Participant,
  RoundInput,
  StaffTableSession,
  StaffTableSessions,
  TABLE_CREDENTIAL_HEADER,
  TableCall,
  TableCartLine,
  TableCheck,
  TableClosed,
  TableSession,
} from '../../src/contract/table.ts';
import {
  Adjustment,
  AdjustmentInput,
  AuditDay,
  AuditLogEntry,
  PreBill,
  PreBillResult,
  VoidInput,
} from '../../src/contract/corrections.ts';
import {
  BillLine,
  BillShare,
  BillState,
  CashDay,
  CloseTableInput,
  OrderPaymentInput,
  OrderPaymentList,
  Payment,
  PaymentInput,
  PaymentRequest,
  PaymentRequestInput,
  PaymentResult,
  Receipt,
  ReceiptLine,
  ReceiptVerifactu,
  TableBill,
  TaxLine,
  VerifactuRecord,
  VerifactuRecords,
  VerifactuIssuer,
  ConfirmIssuerInput,
} from '../../src/contract/bill.ts';
import {
  CheckoutInput,
  CheckoutResult,
  OnlinePaying,
  OnlinePayment,
  PaymentRedirect,
} from '../../src/contract/online-payments.ts';
import { FiredCourse, Ticket, TicketLine, TicketList } from '../../src/contract/kitchen.ts';
import { PushPublicKey, PushSubscriptionInput } from '../../src/contract/push.ts';
import { Report } from '../../src/contract/reports.ts';
import { Refund, RefundInput, RefundResult } from '../../src/contract/refund.ts';
import {
  CreatedPrintAgent,
  CreatedPrintJobs,
  PrintAgent,
  PrintAgentList,
  Printer,
  PrinterList,
  PrintersInput,
  PrinterStatusInput,
  PrintJob,
  PrintJobList,
} from '../../src/contract/printing.ts';
import { PaymentProviderInput, PaymentProviderSettings } from '../../src/contract/payments.ts';
import {
  AcceptedInvitation,
  AcceptInvitationInput,
  CreatedInvitation,
  Invitation,
  InvitationInput,
  InvitationLookupInput,
  InvitationPreview,
  Team,
  TeamMember,
} from '../../src/contract/team.ts';

const NAMED = {
  Image,
  Option,
  OptionGroup,
  Product,
  Category,
  Interval,
  Hours,
  VenueSummary,
  Venue,
  VenueList,
  LoginInput,
  RefreshInput,
  SocialTokenInput,
  TokenPair,
  User,
  UserResponse,
  OrderLineInput,
  TipInput,
  OrderInput,
  OrderLine,
  StatusChange,
  Order,
  OrderList,
  StatusInput,
  PriceChange,
  Problem,
  VenueInput,
  VenueIdCheck,
  ProductPatch,
  ProductChange,
  ProductHistory,
  UploadedImage,
  TableLink,
  TableList,
  TableCheck,
  JoinInput,
  JoinResult,
  JoinWaiting,
  Participant,
  TableCartLine,
  TableCall,
  TableSession,
  RoundInput,
  CallInput,
  CallResult,
  TableBill,
  StaffTableSession,
  StaffTableSessions,
  TableClosed,
  InvitationInput,
  Invitation,
  CreatedInvitation,
  TeamMember,
  Team,
  InvitationLookupInput,
  InvitationPreview,
  AcceptInvitationInput,
  AcceptedInvitation,
  TicketLine,
  Ticket,
  TicketList,
  FiredCourse,
  PrintAgent,
  PrintAgentList,
  CreatedPrintAgent,
  Printer,
  PrinterList,
  PrintersInput,
  PrinterStatusInput,
  PrintJob,
  PrintJobList,
  PushSubscriptionInput,
  PushPublicKey,
  CreatedPrintJobs,
  Legal,
  BillShare,
  BillLine,
  BillState,
  PaymentRequestInput,
  PaymentRequest,
  PaymentInput,
  OrderPaymentInput,
  Payment,
  ReceiptLine,
  TaxLine,
  ReceiptVerifactu,
  Receipt,
  PaymentResult,
  CloseTableInput,
  VerifactuRecord,
  VerifactuRecords,
  VerifactuIssuer,
  ConfirmIssuerInput,
  CashDay,
  OrderPaymentList,
  RefundInput,
  Refund,
  RefundResult,
  CheckoutInput,
  PaymentRedirect,
  CheckoutResult,
  OnlinePayment,
  OnlinePaying,
  TableSettingsInput,
  WaiterLineInput,
  WaiterRoundInput,
  MoveTableInput,
  MergeTableInput,
  FloorSession,
  TableMoved,
  ParticipantRemoved,
  VoidInput,
  Adjustment,
  AdjustmentInput,
  PreBill,
  PreBillResult,
  AuditLogEntry,
  AuditDay,
  Report,
  PaymentProviderInput,
  PaymentProviderSettings,
  PauseInput,
  PauseState,
  VenuePause,
  AutoPause,
  PickupSettings,
  PickupSlot,
  PickupSlots,
  ReadyByInput,
} as const;
type SchemaName = keyof typeof NAMED;

const ref = (name: SchemaName | 'PriceChangedProblem') => ({ $ref: `#/components/schemas/${name}` });
export const json = (name: SchemaName, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});
export const problemResponse = (description: string, schema: SchemaName | 'PriceChangedProblem' = 'Problem') => ({
  description,
  content: { 'application/problem+json': { schema: ref(schema) } },
});
export const body = (name: SchemaName) => ({ required: true, content: { 'application/json': { schema: ref(name) } } });
/** Operations anyone may call (the document's default is `bearer`). */
export const PUBLIC: never[] = [];
/** Operations of a table-session participant: the credential `join` issued, in `X-Table-Credential`. */
export const TABLE = [{ tableCredential: [] }];
/** Operations of a print agent: its token (scope `printer:{venueId}`), as a bearer token. */
export const PRINTER = [{ printAgent: [] }];
export const printerAuth = {
  401: problemResponse('Missing, unknown or revoked print agent token'),
  403: problemResponse("The token is another venue's"),
};
export const tableAuth = {
  401: problemResponse(
    "Missing, forged or unknown participant credential (type table-credential-invalid): scan the table's code again",
  ),
};
export const tableClosed = {
  409: problemResponse(
    "The session is closed (staff closed it, or 12 h without activity): type table-closed; scan the table's code to start again",
  ),
};
export const idParam = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** Answers any operation with a JSON body may give before it looks at the data. */
export const jsonBodyErrors = {
  400: problemResponse('Malformed JSON'),
  408: problemResponse(
    'The body took longer to arrive than the server waits (`UMENU_BODY_TIMEOUT_MS`); the connection is closed',
  ),
  413: problemResponse('Body larger than the server accepts'),
  415: problemResponse('Content-Type is not JSON'),
  422: problemResponse('The body does not match the schema (field errors in `errors`)'),
};
export const signedIn = { 401: problemResponse('Not signed in, or the access token expired') };
export const eventStream = {
  description: 'Event stream',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};
/** Event streams resume where a client left off: every event after the given id, oldest first, then live ones. */
export const resumeParams = [
  {
    name: 'Last-Event-ID',
    in: 'header',
    required: false,
    description:
      'Id of the last event received: the stream first sends every later event of this stream, in order, without duplicates',
    schema: { type: 'string', pattern: '^[0-9]{1,20}$' },
  },
  {
    name: 'lastEventId',
    in: 'query',
    required: false,
    description: 'The same as `Last-Event-ID`, for clients that cannot set headers (it is not a secret)',
    schema: { type: 'string', pattern: '^[0-9]{1,20}$' },
  },
];
const healthBody = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    db: { type: 'string', enum: ['sqlite', 'postgres'] },
    dbLatencyMs: { type: 'number', minimum: 0 },
    building: { type: 'boolean', description: 'The bundled server is building the site' },
    draining: { type: 'boolean', description: 'The instance received SIGTERM and is shutting down' },
  },
  required: ['status', 'db', 'dbLatencyMs', 'building'],
};
/** While an instance shuts down (SIGTERM), or while the database is unreachable, every operation may answer this. */
const draining = {
  503: problemResponse(
    'This instance is shutting down (retry: the load balancer sends you to another one), or the database is unreachable for a moment (type service-unavailable): retry after Retry-After seconds; an order retried with the same Idempotency-Key is made once',
  ),
};

/** `Hours` is a record keyed by weekday; JSON Schema gets the explicit properties. */
function hoursSchema(): Record<string, unknown> {
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
  const day = { type: 'array', items: { $ref: '#/components/schemas/Interval' } };
  return {
    type: 'object',
    description: "Opening intervals per weekday, in the venue's timezone; an empty list is a closed day",
    properties: Object.fromEntries(days.map((d) => [d, day])),
    required: days,
    additionalProperties: false,
  };
}

type PathItems = Record<string, Record<string, unknown>>;

/** A body schema's component name: every documented JSON body is a named schema. */
function bodyOf(schema: unknown, operationId: string) {
  const name = (Object.keys(NAMED) as SchemaName[]).find((key) => NAMED[key] === schema);
  if (!name)
    throw new Error(
      `${operationId}: its body schema is not one of the document's named schemas (NAMED in server/platform/openapi.ts)`,
    );
  return body(name);
}

const SECURITY = {
  public: PUBLIC,
  table: TABLE,
  printer: PRINTER,
  'bearer-optional': [{}, { bearer: [] }],
  bearer: undefined,
} as const;

/** One operation of the document, from its definition: security from `access`, the body's answers and 401 added. */
function operationObject(op: Operation): Record<string, unknown> {
  const security = SECURITY[op.access];
  return {
    operationId: op.operationId,
    tags: op.tags,
    ...(security ? { security } : {}),
    summary: op.summary,
    ...(op.parameters?.length ? { parameters: op.parameters } : {}),
    // `requestBody: {required: false}` beside `body`: the JSON body may be left out.
    ...(op.body
      ? {
          requestBody: {
            ...bodyOf(op.body, op.operationId),
            ...(op.requestBody?.required === false ? { required: false } : {}),
          },
        }
      : op.requestBody
        ? { requestBody: op.requestBody }
        : {}),
    responses: { ...(op.body ? jsonBodyErrors : {}), ...(op.access === 'bearer' ? signedIn : {}), ...op.responses },
  };
}

export function buildOpenApiDocument(parts: {
  paths: readonly PathItems[];
  operations: readonly Operation[];
}): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(NAMED)) registry.add(schema, { id: name });
  const generated = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(generated.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[name] = rest;
  }
  schemas.Hours = hoursSchema();
  (schemas.VenueInput as { properties: Record<string, unknown> }).properties.hours = ref('Hours');
  schemas.PriceChangedProblem = {
    description: "Problem details of a refused order; `price-changed` adds the changed lines and the server's totals",
    type: 'object',
    allOf: [ref('Problem')],
    properties: {
      changes: { type: 'array', items: ref('PriceChange') },
      subtotal: { type: 'integer' },
      tip: { type: 'integer' },
      deliveryFee: { type: 'integer' },
      total: { type: 'integer' },
      expectedTotal: { type: 'integer' },
    },
  };

  const document = {
    openapi: '3.1.0',
    info: {
      title: 'umenu API',
      version: '1.0.0',
      description:
        'Menús, pedidos y cuentas de umenu. Money is integer minor units (ISO 4217 exponent: cents for MXN, COP and EUR). ' +
        'Errors are RFC 9457 problem details with Spanish `title`/`detail`; `type` is one of: ' +
        Object.values(PROBLEM_TYPES).join(', ') +
        '. ' +
        'Any other path under the API answers 404 problem details; an unexpected failure answers 500. ' +
        'Image `src` values are absolute when the server knows its public address (`UMENU_API_PUBLIC_URL`); ' +
        'otherwise they start with `/api/`, which stands for the API base (resolve them against it).',
    },
    servers: [{ url: '/api' }],
    // Operations need a bearer token unless they say otherwise (`security: []`).
    security: [{ bearer: [] }],
    tags: [
      { name: 'venues', description: 'Venues and their menus' },
      {
        name: 'table-sessions',
        description:
          'Table sessions: everyone at a table joins from their own phone, shares one cart, sends rounds, calls staff and sees the bill',
      },
      {
        name: 'floor',
        description:
          "The floor: staff open a table, order into it, send its rounds, move and merge tables and remove a person; correct what was sent (voids), invite and discount (managers), print the pre-bill; the venue's audit log (docs/rules.md#the-floor)",
      },
      { name: 'orders', description: 'Orders, their live status and the staff board' },
      {
        name: 'reports',
        description:
          "The owner's reports: what sold, when, how fast the kitchen was and where the money went, over a period of the venue's days (docs/rules.md#reports)",
      },
      {
        name: 'kitchen',
        description:
          "Kitchen tickets: one per station that has lines in an order, bumped done by the station; a table's later courses held until «Marchar»",
      },
      {
        name: 'printing',
        description:
          "Printing tickets on the restaurant's printers: print agents and their tokens, printers per station, print jobs an agent long-polls for and acknowledges, reprints",
      },
      {
        name: 'payments',
        description:
          "Online payments: a venue's provider (Redsys with Bizum, or Stripe) and its merchant data, whose secrets are stored sealed and never answered",
      },
      { name: 'auth', description: 'Accounts and tokens' },
      {
        name: 'manage',
        description:
          "Venue self-service: menu editor, kitchen availability, images, the venue's tables and their QR links",
      },
      {
        name: 'team',
        description:
          "A venue's team: one-time invitation links that give manager:{id} or staff:{id}, the members, taking access away",
      },
      { name: 'service', description: 'Health, this document and generated media' },
    ],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The value of `UMENU_METRICS_TOKEN` (not a user token)',
        },
        printAgent: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A print agent's token (`POST /venues/{id}/print-agents`; scope `printer:{venueId}`): opens only the print-job operations",
        },
        tableCredential: {
          type: 'apiKey',
          in: 'header',
          name: TABLE_CREDENTIAL_HEADER,
          description:
            'Participant credential of a table session (issued by `join`; 256 random bits; not the table token)',
        },
      },
      schemas,
    },
    paths: {
      '/health': {
        get: {
          operationId: 'getHealth',
          tags: ['service'],
          security: PUBLIC,
          summary:
            'Health for load balancers: 200 when the database answers (within 2 s), 503 when it does not or while the instance shuts down',
          responses: {
            200: { description: 'Up', content: { 'application/json': { schema: healthBody } } },
            503: {
              description: 'Database unreachable, or the instance is shutting down',
              content: { 'application/json': { schema: healthBody } },
            },
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'getMetrics',
          tags: ['service'],
          security: [{ metricsToken: [] }],
          summary:
            'Prometheus metrics of this instance (requests by route and status, latency, open event streams, open table sessions, rate-limit refusals, image queue): only when `UMENU_METRICS_TOKEN` is set, with that token as bearer',
          responses: {
            200: { description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } },
            401: problemResponse('Missing or wrong metrics token'),
            404: problemResponse('No metrics token configured: the endpoint does not exist'),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          tags: ['service'],
          security: PUBLIC,
          summary: 'This document',
          responses: {
            200: {
              description: 'OpenAPI 3.1 document',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
  };
  const paths = document.paths as PathItems;
  for (const part of parts.paths) {
    for (const [path, item] of Object.entries(part)) paths[path] = { ...paths[path], ...item };
  }
  for (const op of parts.operations) {
    if (paths[op.path]?.[op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is defined twice`);
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  for (const [path, item] of Object.entries(
    paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
  )) {
    if (path === '/health') continue;
    for (const operation of Object.values(item)) operation.responses = { ...operation.responses, ...draining };
  }
  return document;
}
