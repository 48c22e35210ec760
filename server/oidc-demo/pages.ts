/** The demo provider's own pages (Spanish, self-contained, no script). */

export interface DemoUser {
  sub: string;
  /** Form value. */
  key: string;
  name: string;
  email: string;
  picture?: string;
  note: string;
}

/**
 * Who the demo provider can sign in. Ana is the demo diner (her umenu account
 * is linked by her verified email); Luis has no umenu account yet, so signing
 * in as him shows an account being created on first social sign-in.
 * Staff and admin accounts are deliberately absent: the demo provider never grants privileges.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    sub: 'demo-ana-garcia',
    key: 'ana',
    name: 'Ana García',
    email: 'ana@umenu.test',
    note: 'Comensal de demostración, con pedidos de ejemplo',
  },
  {
    sub: 'demo-luis-perez',
    key: 'luis',
    name: 'Luis Pérez',
    email: 'luis@demo.umenu.test',
    note: 'Cuenta nueva: se crea al entrar por primera vez',
  },
];

export function findDemoUser(key: string | null): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.key === key);
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f2f5f8; color: #1d232a; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .banner { background: #fff4d6; border: 2px solid #8a5a00; color: #4a3000; border-radius: .75rem; padding: .75rem 1rem; }
  .banner strong { display: block; font-size: 1.125rem; }
  h1 { font-size: 1.5rem; margin: 1.25rem 0 .5rem; }
  p { line-height: 1.5; }
  ul { list-style: none; padding: 0; margin: 1rem 0; display: grid; gap: .75rem; }
  button { font: inherit; cursor: pointer; min-height: 44px; }
  .account { width: 100%; text-align: left; display: grid; gap: .125rem; padding: .75rem 1rem; border-radius: .75rem;
    border: 1px solid #b8c2cc; background: #fff; color: #1d232a; }
  .account:hover { border-color: #007ea7; }
  .account:focus-visible, .cancel:focus-visible { outline: 3px solid #007ea7; outline-offset: 2px; }
  .account .name { font-weight: 600; }
  .account .meta { color: #48515b; font-size: .875rem; }
  .cancel { background: none; border: none; color: #005f7f; text-decoration: underline; padding: .5rem 0; }
  .error { color: #9b1c31; font-weight: 600; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="banner" role="note"><strong>Proveedor de demostración (no es Google)</strong>
Este inicio de sesión funciona en tu propio equipo para probar umenu sin una cuenta de Google.</div>
${body}
</main>
</body>
</html>`;
}

export function renderSignInPage(uid: string, clientId: string, error?: string): string {
  const action = (what: string) => `/interaction/${encodeURIComponent(uid)}/${what}`;
  const accounts = DEMO_USERS.map(
    (user) => `<li><form method="post" action="${action('login')}">
<input type="hidden" name="account" value="${escape(user.key)}">
<button class="account" type="submit"><span class="name">Continuar como ${escape(user.name)}</span>
<span class="meta">${escape(user.email)} · ${escape(user.note)}</span></button>
</form></li>`,
  ).join('\n');
  return page(
    'Elige una cuenta · Proveedor de demostración (no es Google)',
    `<h1>Elige una cuenta de demostración</h1>
<p>La aplicación <strong>${escape(clientId === 'umenu-demo' ? 'umenu' : clientId)}</strong> quiere saber tu nombre y tu correo. No necesitas contraseña: solo puedes entrar con estas cuentas de prueba.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<ul>${accounts}</ul>
<form method="post" action="${action('abort')}"><button class="cancel" type="submit">Cancelar y volver a umenu</button></form>`,
  );
}

export function renderErrorPage(code: string, description: string): string {
  return page(
    'Error · Proveedor de demostración (no es Google)',
    `<h1>No se pudo iniciar sesión</h1>
<p>${escape(description || 'La petición de inicio de sesión no es válida.')}</p>
<p class="meta">Código: ${escape(code)}</p>
<p>Vuelve a umenu e inténtalo de nuevo desde el botón «Continuar con Google».</p>`,
  );
}

export function renderAbortedPage(): string {
  return page(
    'Sesión caducada · Proveedor de demostración (no es Google)',
    `<h1>Este inicio de sesión ha caducado</h1>
<p>Vuelve a umenu e inténtalo de nuevo desde el botón «Continuar con Google».</p>`,
  );
}
