/** The ready notification's words on the order page and the table's sent round (docs/rules.md#ready-notifications). */
import { messages } from '../../lib/i18n.ts';

export const readyMessages = messages('readyNotify', {
  offer: 'Avisarme cuando esté listo',
  offerHint: 'Te llegará un aviso al móvil aunque cierres esta página.',
  asking: 'Activando el aviso…',
  on: 'Te avisaremos cuando esté listo',
  blocked:
    'Los avisos de este sitio están bloqueados. Para recibirlo, permite las notificaciones en los ajustes del sitio (el icono junto a la dirección) y vuelve a tocar el botón.',
  failed: 'No hemos podido activar el aviso. Inténtalo de nuevo.',
  readyTitle: '¡Listo!',
});
