/**
 * Where `/pago/{paymentId}`'s «Volver a la cuenta» goes (docs/rules.md#paying-from-the-phone): the table's page the
 * phone paid from, kept on the phone before it left for the provider (the last few payments).
 */
const KEY = 'umenu:pay-return';
const KEPT = 5;

type Returns = Array<[paymentId: string, path: string]>;

function read(): Returns {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as Returns) : [];
  } catch {
    return [];
  }
}

export function keepReturn(paymentId: string, path: string): void {
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify([[paymentId, path], ...read().filter(([id]) => id !== paymentId)].slice(0, KEPT)),
    );
  } catch {
    // A phone that keeps nothing comes back to the home page.
  }
}

/** The page to go back to (a path of this site), or the home page. */
export function returnOf(paymentId: string, home: string): string {
  const path = read().find(([id]) => id === paymentId)?.[1] ?? '';
  return path.startsWith('/') && !path.startsWith('//') ? path : home;
}
