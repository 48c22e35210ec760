/**
 * `/panel/pagos?venue={id}`: how the venue's diners pay from their phones (docs/architecture.md#online-payments).
 * A manager chooses «Sin pago en línea», «Redsys (tarjeta y Bizum)» or «Stripe» and enters the merchant
 * data; secrets are written, never shown again: a stored one reads «configurada», with a button to
 * replace it. API: `PUT/GET/DELETE /api/venues/{id}/payment-provider` (server/README.md, "Online payments: providers and their configuration").
 */
import '../../styles/manage.ts';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { User } from '../../contract/auth.ts';
import type { PaymentProviderInput, PaymentProviderSettings } from '../../contract/payments.ts';
import { loadConfig } from '../../lib/config.ts';
import { problemFieldErrors, problemMessage, problemOf } from '../../lib/http.ts';
import { deletePaymentProvider, fetchPaymentProvider, fetchVenue, savePaymentProvider } from './api.ts';
import { ManageGate } from './ManageGate.tsx';
import { PanelNav } from './PanelNav.tsx';
import { PageLoadFailed, PageLoading } from './PageLoad.tsx';

const ERROR_TEXT = 'text-error-strong';
const detailOf = (e: unknown) => problemOf(e)?.detail ?? problemMessage(e);

type Choice = 'none' | 'redsys' | 'stripe';
const CHOICES: { value: Choice; label: string; hint: string }[] = [
  { value: 'none', label: 'Sin pago en línea', hint: 'El personal cobra todas las cuentas.' },
  {
    value: 'redsys',
    label: 'Redsys (tarjeta y Bizum)',
    hint: 'El TPV virtual de tu banco en España: tarjeta y Bizum.',
  },
  { value: 'stripe', label: 'Stripe', hint: 'Tarjeta, Apple Pay y Google Pay, en cualquier moneda.' },
];

interface Fields {
  merchantCode: string;
  terminal: string;
  environment: 'test' | 'production';
  secretKey: string;
  webhookSecret: string;
  url: string;
}
const fieldsOf = (s: PaymentProviderSettings): Fields => ({
  merchantCode: s.provider === 'redsys' ? s.merchantCode : '',
  terminal: s.provider === 'redsys' ? s.terminal : '1',
  environment: s.provider === 'redsys' ? s.environment : 'test',
  secretKey: '',
  webhookSecret: '',
  url: s.provider ? (s.url ?? '') : '',
});

function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && <p className="text-sm">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className={`text-sm font-medium ${ERROR_TEXT}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A secret: «configurada» with a button to replace it, or the input (empty = keep the stored one). */
function SecretField(props: {
  id: string;
  label: string;
  configured: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder: string;
}) {
  const [replacing, setReplacing] = useState(false);
  if (props.configured && !replacing && !props.error)
    return (
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium" id={`${props.id}-label`}>
          {props.label}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline min-h-7" data-testid={`${props.id}-configured`}>
            configurada
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            aria-describedby={`${props.id}-label`}
            onClick={() => setReplacing(true)}
          >
            Cambiar
          </button>
        </div>
      </div>
    );
  return (
    <Field
      id={props.id}
      label={props.label}
      error={props.error}
      {...(props.configured ? { hint: 'Déjalo vacío para conservar la que hay guardada.' } : {})}
    >
      <input
        id={props.id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        className={`input min-h-11 w-full font-mono ${props.error ? 'input-error' : ''}`}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
    </Field>
  );
}

function PaymentsForm({
  venueId,
  stored,
  onSaved,
}: {
  venueId: string;
  stored: PaymentProviderSettings;
  onSaved: (s: PaymentProviderSettings) => void;
}) {
  const [choice, setChoice] = useState<Choice>(stored.provider ?? 'none');
  const [fields, setFields] = useState<Fields>(() => fieldsOf(stored));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [webhookUrl, setWebhookUrl] = useState('');
  useEffect(() => {
    void loadConfig().then(({ apiBase }) =>
      setWebhookUrl(`${new URL(apiBase, location.origin).href.replace(/\/+$/, '')}/payments/stripe/webhook`),
    );
  }, []);
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const error = (field: string) => errors[field]?.[0];
  const describedBy = (field: string) => (error(field) ? `pay-${field}-error` : undefined);
  const configured = (provider: Choice) => stored.provider === provider;
  // A new key after each save: a replaced secret shows «configurada» again.
  const version = stored.provider ? stored.updatedAt : 'none';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setStatus('');
    setBusy(true);
    try {
      if (choice === 'none') {
        await deletePaymentProvider(venueId);
        onSaved({ provider: null });
        setStatus('Pago en línea desactivado: el personal cobra todas las cuentas.');
        return;
      }
      const url = fields.url.trim() ? { url: fields.url.trim() } : {};
      const secret = (value: string) => (value.trim() ? value.trim() : undefined);
      const input: PaymentProviderInput =
        choice === 'redsys'
          ? {
              provider: 'redsys',
              merchantCode: fields.merchantCode.trim(),
              terminal: fields.terminal.trim(),
              environment: fields.environment,
              ...(secret(fields.secretKey) ? { secretKey: secret(fields.secretKey)! } : {}),
              ...url,
            }
          : {
              provider: 'stripe',
              ...(secret(fields.secretKey) ? { secretKey: secret(fields.secretKey)! } : {}),
              ...(secret(fields.webhookSecret) ? { webhookSecret: secret(fields.webhookSecret)! } : {}),
              ...url,
            };
      const saved = await savePaymentProvider(venueId, input);
      onSaved(saved);
      setFields(fieldsOf(saved));
      setStatus(
        `Configuración guardada: los comensales pueden pagar con ${choice === 'redsys' ? 'Redsys' : 'Stripe'}.`,
      );
    } catch (e) {
      const found = problemFieldErrors(e);
      setErrors(found);
      setStatus(Object.keys(found).length ? 'Revisa los campos marcados: no se ha guardado.' : detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  const input = (field: 'merchantCode' | 'terminal' | 'url', extra: { inputMode?: 'numeric' } = {}) => (
    <input
      id={`pay-${field}`}
      className={`input min-h-11 w-full ${error(field) ? 'input-error' : ''}`}
      value={fields[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      aria-invalid={error(field) ? true : undefined}
      aria-describedby={describedBy(field)}
      {...extra}
    />
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="payments-form"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-lg font-semibold">Cómo pagan los comensales desde el móvil</legend>
        {CHOICES.map((c) => (
          <div key={c.value} className="flex min-h-11 items-start gap-3 rounded-field p-2">
            <input
              id={`pay-choice-${c.value}`}
              type="radio"
              name="provider"
              className="radio mt-1"
              value={c.value}
              checked={choice === c.value}
              aria-describedby={`pay-choice-${c.value}-hint`}
              onChange={() => {
                setChoice(c.value);
                setErrors({});
                setStatus('');
              }}
            />
            <span className="flex flex-col">
              <label htmlFor={`pay-choice-${c.value}`} className="cursor-pointer font-medium">
                {c.label}
              </label>
              <span id={`pay-choice-${c.value}-hint`} className="text-sm">
                {c.hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>

      {choice === 'redsys' && (
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="redsys-fields">
          <legend className="mb-1 font-semibold">Datos del TPV virtual (portal de Redsys de tu banco)</legend>
          <Field id="pay-merchantCode" label="Código de comercio (FUC)" error={error('merchantCode')}>
            {input('merchantCode', { inputMode: 'numeric' })}
          </Field>
          <Field id="pay-terminal" label="Terminal" error={error('terminal')}>
            {input('terminal', { inputMode: 'numeric' })}
          </Field>
          <Field id="pay-environment" label="Entorno" error={error('environment')}>
            <select
              id="pay-environment"
              className="select min-h-11 w-full"
              value={fields.environment}
              onChange={(e) => set({ environment: e.target.value === 'production' ? 'production' : 'test' })}
            >
              <option value="test">Pruebas</option>
              <option value="production">Real</option>
            </select>
          </Field>
          <SecretField
            key={`redsys-${version}`}
            id="pay-secretKey"
            label="Clave secreta (SHA-256)"
            configured={configured('redsys')}
            value={fields.secretKey}
            onChange={(secretKey) => set({ secretKey })}
            error={error('secretKey')}
            placeholder="32 caracteres"
          />
        </fieldset>
      )}

      {choice === 'stripe' && (
        <fieldset className="grid grid-cols-1 gap-3" data-testid="stripe-fields">
          <legend className="mb-1 font-semibold">Datos de tu cuenta de Stripe</legend>
          <SecretField
            key={`stripe-key-${version}`}
            id="pay-secretKey"
            label="Clave secreta"
            configured={configured('stripe')}
            value={fields.secretKey}
            onChange={(secretKey) => set({ secretKey })}
            error={error('secretKey')}
            placeholder="sk_live_…"
          />
          <SecretField
            key={`stripe-webhook-${version}`}
            id="pay-webhookSecret"
            label="Secreto de firma del webhook"
            configured={configured('stripe')}
            value={fields.webhookSecret}
            onChange={(webhookSecret) => set({ webhookSecret })}
            error={error('webhookSecret')}
            placeholder="whsec_…"
          />
          {webhookUrl && (
            <p className="text-sm">
              En Stripe, crea un webhook con el evento <code>checkout.session.completed</code> hacia{' '}
              <code className="break-all" data-testid="stripe-webhook-url">
                {webhookUrl}
              </code>
              .
            </p>
          )}
        </fieldset>
      )}

      {choice !== 'none' && (
        <details className="rounded-field border border-base-300 p-3" open={Boolean(fields.url || error('url'))}>
          <summary className="min-h-11 cursor-pointer content-center font-medium">Opciones avanzadas</summary>
          <Field
            id="pay-url"
            label="Dirección alternativa del proveedor (opcional)"
            error={error('url')}
            hint="Solo para pruebas con un simulador; déjala vacía para usar el proveedor real."
          >
            {input('url')}
          </Field>
        </details>
      )}

      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          Guardar
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-6 text-sm" data-testid="payments-status">
        {status}
      </p>
    </form>
  );
}

function PaymentsView({ venueId, user }: { venueId: string; user: User }) {
  const [venueName, setVenueName] = useState<string>();
  const [stored, setStored] = useState<PaymentProviderSettings>();
  const [error, setError] = useState<string>();
  const load = useCallback(
    (live: () => boolean = () => true) =>
      Promise.all([fetchVenue(venueId), fetchPaymentProvider(venueId)]).then(
        ([venue, settings]) => {
          if (!live()) return;
          setVenueName(venue.name);
          setStored(settings);
          setError(undefined);
        },
        (e: unknown) => live() && setError(detailOf(e)),
      ),
    [venueId],
  );
  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [load]);

  if (error) return <PageLoadFailed message={error} onRetry={() => void load()} />;
  if (!stored || venueName === undefined) return <PageLoading what="Cargando los pagos en línea…" />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Pagos en línea · {venueName}</h1>
        <PanelNav page="/panel/pagos" venueId={venueId} user={user} />
        <p>
          Con un proveedor de pagos, cada comensal paga su parte desde el móvil y recibe el ticket al momento. Las
          claves se guardan cifradas y no se vuelven a mostrar.
        </p>
      </div>
      <PaymentsForm venueId={venueId} stored={stored} onSaved={setStored} />
    </div>
  );
}

export default function PaymentsPage() {
  return (
    <ManageGate page="/panel/pagos">{(venueId, user) => <PaymentsView venueId={venueId} user={user} />}</ManageGate>
  );
}
