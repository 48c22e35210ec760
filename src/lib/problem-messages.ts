/**
 * What a diner reads when the API refuses something (docs/architecture.md#languages), by problem
 * type: Spanish here, the other languages in src/i18n/{lang}.json.
 */
import { messages } from './i18n.ts';

export const problemMessages = messages('problems', {
  validation: 'Revisa los datos marcados e inténtalo de nuevo.',
  notFound: 'No encontramos lo que buscas. Puede que ya no exista.',
  unauthorized: 'Tu sesión ha caducado. Inicia sesión de nuevo para continuar.',
  forbidden: 'No tienes permiso para hacer esto con tu cuenta.',
  invalidCredentials: 'El correo o la contraseña no son correctos.',
  rateLimited: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  venueClosed: 'El local está cerrado ahora y no acepta pedidos. Consulta su horario.',
  venuePaused: 'El local ha pausado los pedidos por un rato. Tu carrito se guarda: inténtalo más tarde.',
  slotFull: 'Esa hora se acaba de llenar. Elige otra.',
  belowMinimum: 'Tu pedido no llega al mínimo del local. Añade algo más para continuar.',
  unavailable: 'Algún producto ya no está disponible. Revisa tu carrito.',
  priceChanged: 'Algunos precios han cambiado. Revisa el nuevo total antes de confirmar.',
  idempotencyConflict: 'Tu pedido ya se está procesando. Espera un momento antes de reintentar.',
  idempotencyMismatch: 'Este pedido cambió mientras se enviaba. Revisa tu carrito y vuelve a confirmarlo.',
  idempotencyKeyMissing: 'No pudimos enviar tu pedido de forma segura. Vuelve a intentarlo.',
  invalidTransition: 'Ese cambio de estado no es posible para este pedido.',
  tokenReused: 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.',
  tooLarge: 'La solicitud es demasiado grande. Reduce el pedido e inténtalo de nuevo.',
  server: 'Algo falló en el servidor. Inténtalo de nuevo en unos minutos.',
  serviceUnavailable:
    'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos: no se ha perdido nada.',
  timeout: 'Los datos tardaron demasiado en llegar. Revisa tu conexión y vuelve a intentarlo.',
  tableTokenInvalid: 'Este código de mesa no es válido',
  tableCredentialInvalid: 'Tu acceso a la mesa no es válido. Vuelve a escanear el código de la mesa.',
  tableClosed: 'La mesa está cerrada. Escanea el código de la mesa para empezar de nuevo.',
  tableFull: 'La mesa ya tiene el máximo de personas unidas. Pide ayuda al personal.',
  tableSameGroup: 'Esta mesa tiene una cuenta abierta. ¿Sois el mismo grupo?',
  invitationInvalid: 'Esta invitación no es válida o ya se ha usado. Pide a quien te invitó un enlace nuevo.',
  accountExists: 'Ya existe una cuenta con este correo: inicia sesión para continuar.',
  tableAccessRequired:
    'Solo se puede pedir a una mesa desde el código QR de esa mesa. Escanéalo para pedir desde la mesa.',
  conflict: 'Hubo un conflicto con los datos actuales. Recarga e inténtalo de nuevo.',
  offline: 'Sin conexión. Comprueba tu conexión a internet y vuelve a intentarlo.',
  slow: 'El servidor tardó demasiado en responder. Inténtalo de nuevo.',
  unknown: 'Algo salió mal. Inténtalo de nuevo.',
});
