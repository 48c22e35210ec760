/** `/pago/{paymentId}`'s words (docs/architecture.md#languages): Spanish here, the others in src/i18n/{lang}.json. */
import { messages, params } from '../../lib/i18n.ts';

export const onlinePaymentMessages = messages('onlinePayment', {
  pageTitle: 'Tu pago',
  pageDescription: 'El estado de tu pago desde el móvil y su recibo.',
  loading: 'Cargando el pago…',
  waiting: 'Esperando la confirmación del pago…',
  waitingHint: 'En cuanto el banco lo confirme, lo verás aquí.',
  paid: 'Pagado',
  paidHint: params('Has pagado {amount}.'),
  receipt: 'Ver mi recibo',
  failed: 'El pago no se ha completado',
  failedHint: 'No se ha registrado ningún pago: lo que ibas a pagar queda libre otra vez.',
  back: 'Volver a la cuenta',
  order: 'Ver mi pedido',
  backToOrder: 'Volver al pedido',
  failedOrderHint: 'No se ha registrado ningún pago y el pedido no se ha enviado: tu carrito sigue aquí.',
  notFound: 'Ese pago no existe. Revisa el enlace.',
  retry: 'Reintentar',
});
