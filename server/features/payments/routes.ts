/** The venue's online payment provider configuration (docs/architecture.md#online-payments): managers of the venue and admins. */
import { Hono } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue } from '../../../src/contract/permissions.ts';
import { PAYMENT_MESSAGES, PaymentProviderInput } from '../../../src/contract/payments.ts';
import { spanishErrors } from '../../../src/contract/manage.ts';
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import type { Db } from '../../platform/db/database.ts';
import { routes } from '../../platform/operations.ts';
import { problem, validationProblem } from '../../platform/problem.ts';
import { canSealSecrets } from '../../platform/secrets.ts';
import { authenticator, type AuthService } from '../auth/index.ts';
import { deleteProviderConfig, providerSettings, saveProviderConfig } from './config.ts';
import { deletePaymentProvider, getPaymentProvider, putPaymentProvider } from './operations.ts';

/** What the payments routes use (server/deps.ts gives them). */
export interface PaymentRouteDeps {
  db: Db;
  auth: AuthService;
  venues: { get(id: string): unknown };
}

export function paymentRoutes({ db, auth, venues }: PaymentRouteDeps): Hono {
  const app = new Hono();
  const on = routes(app, authenticator(auth));

  function managedVenue(id: string, claims: AccessClaims): string {
    if (!isValidVenueId(id) || !venues.get(id))
      throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
    if (!canManageVenue(claims.scope, id)) throw problem('forbidden', 403, PAYMENT_MESSAGES.managersOnly);
    return id;
  }
  const actor = (claims: AccessClaims) => ({ id: claims.sub, name: (claims.name ?? claims.sub).slice(0, 80) });

  on(getPaymentProvider, async (c, { claims, param }) => {
    const venueId = managedVenue(param('id'), claims);
    c.header('cache-control', 'no-store');
    return c.json(await providerSettings(db, venueId));
  });

  on(putPaymentProvider, async (c, { claims, param, json }) => {
    const venueId = managedVenue(param('id'), claims);
    // Checked here, not by `body()`: with a detail that says nothing was saved.
    const parsed = PaymentProviderInput.safeParse((await json()).value, { error: spanishErrors });
    if (!parsed.success) throw validationProblem(parsed.error.issues, PAYMENT_MESSAGES.notSaved);
    const input = parsed.data;
    if (!canSealSecrets()) throw problem('serviceUnavailable', 503, PAYMENT_MESSAGES.noSecretsKey);
    await db.transaction((tx) => saveProviderConfig(tx, venueId, input, actor(claims)));
    c.header('cache-control', 'no-store');
    return c.json(await providerSettings(db, venueId));
  });

  on(deletePaymentProvider, async (c, { claims, param }) => {
    const venueId = managedVenue(param('id'), claims);
    await db.transaction((tx) => deleteProviderConfig(tx, venueId, actor(claims)));
    return c.body(null, 204);
  });

  return app;
}
