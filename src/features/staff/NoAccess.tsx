/** Shown instead of the board when the account's scope does not cover the venue: no order data at all. */
import { mdiLockOutline } from '@mdi/js';
import { Icon } from '../../shell/Icon.tsx';

export const NO_ACCESS_TITLE = 'No tienes acceso al panel de este local';

interface Props {
  title?: string;
  detail?: string;
  /** Offer the venue list too (staff of other venues, admins). */
  showVenueList?: boolean;
}

export function NoAccess({ title = NO_ACCESS_TITLE, detail, showVenueList = false }: Props) {
  return (
    <section
      role="alert"
      aria-labelledby="panel-no-access"
      className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
      data-testid="panel-no-access"
    >
      <h1 id="panel-no-access" className="flex items-center gap-2 text-xl font-bold">
        <Icon path={mdiLockOutline} size={24} />
        {title}
      </h1>
      <p className="mt-2">
        {detail ??
          'El panel de pedidos es solo para el personal del local. Si trabajas aquí, pide a un administrador que dé acceso a tu cuenta.'}
      </p>
      <p className="mt-4 flex flex-wrap gap-2">
        <a className="btn btn-primary min-h-11" href="/">
          Volver al inicio
        </a>
        {showVenueList && (
          <a className="btn btn-ghost min-h-11" href="/panel">
            Ver mis locales
          </a>
        )}
      </p>
    </section>
  );
}
