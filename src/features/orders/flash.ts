/** A one-off message carried to the next page (e.g. what "Repetir pedido" could not add). */
const FLASH_KEY = 'umenu.cartFlash';

/** A message for the venue page to show once it opens the cart (survives the navigation). */
export function setCartFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage unavailable: the message is lost, the cart is not.
  }
}

export function takeCartFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
