/** The layout's words (docs/architecture.md#languages): Spanish here, the others in src/i18n/{lang}.json. */
import { messages } from '../lib/i18n.ts';

export const shellMessages = messages('shell', {
  description: 'umenu: consulta el menú, pide desde tu mesa y sigue tu pedido en vivo.',
  skip: 'Saltar al contenido',
  homeLink: 'umenu, inicio',
  tagline: 'umenu · menú y pedidos desde la mesa',
  footerNav: 'Pie de página',
  home: 'Inicio',
  inspire: 'Inspírate',
  offline: 'Sin conexión',
  language: 'Idioma',
  signIn: 'Iniciar sesión',
  homeTitle: 'Encuentra tu restaurante',
  homeIntro: 'Escanea el código QR de tu mesa o busca un lugar por nombre, ciudad o tipo de cocina.',
  homeOrder: 'Pide desde tu mesa',
  homeDaily: 'Menús al día',
  homeInspire: 'Inspírate: platos que vale la pena probar',
  inspireIntro: 'Platos que vale la pena probar: los más pedidos, las novedades y opciones para cada dieta.',
  inspireDescription:
    'Inspírate: los platos más pedidos, las novedades y opciones para cada dieta en los restaurantes de umenu.',
});

/**
 * The error, offline and fallback pages' words and the shell's own toasts. The error titles and
 * the home link are English on the Spanish pages (docs/rules.md#error-pages); their help is Spanish.
 */
export const pageMessages = messages('pages', {
  notFound: 'This page could not be found',
  notFoundHelp: 'La página que buscas no existe o cambió de dirección.',
  error: 'An error occurred',
  errorHelp: 'Algo salió mal al mostrar esta página. Vuelve al inicio e inténtalo de nuevo.',
  backHome: 'Go back to home',
  offlineTitle: 'Sin conexión',
  offlineText:
    'Esta página no está guardada en tu dispositivo. Los menús que ya visitaste siguen disponibles; vuelve a intentarlo cuando tengas conexión.',
  goHome: 'Ir al inicio',
  menu: 'Menú',
  loadingMenu: 'Cargando el menú…',
  menuFailed: 'No se pudo cargar el menú',
  retry: 'Reintentar',
  closeToast: 'Cerrar notificación',
  newVersion: 'Hay una versión nueva de umenu.',
  update: 'Actualizar',
  later: 'Ahora no',
});

/**
 * The catalogue's components a small page (offline, 404, 500) needs in another language: the
 * layout's, its own, the account button's and the API's refusals (docs/architecture.md#languages).
 */
export const SMALL_PAGE_COMPONENTS = ['shell', 'pages', 'auth', 'problems'];
