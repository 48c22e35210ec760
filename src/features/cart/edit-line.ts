/**
 * «Editar» on a set menu's line (the diner's cart or the table's): the menu's island listens and
 * reopens the set's dialog with the line's choices kept (docs/rules.md#set-menus-and-availability).
 * An event on the document, so the cart and the table know nothing of the menu.
 */
import type { LineChoice } from './logic.ts';

export const EDIT_LINE_EVENT = 'umenu:edit-line';

export interface LineEditRequest {
  productId: string;
  /** The cart line's key, or the table cart's line id. */
  key: string;
  choices: LineChoice[];
  quantity: number;
}

export function requestLineEdit(request: LineEditRequest): void {
  document.dispatchEvent(new CustomEvent<LineEditRequest>(EDIT_LINE_EVENT, { detail: request }));
}
