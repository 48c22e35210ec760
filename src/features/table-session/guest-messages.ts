/**
 * Whom at the table a waiter's line is for, under it on the bill (docs/rules.md#the-floor): Spanish here, the
 * others in src/i18n/{lang}.json. Its own messages, read only by the lazily loaded bill dialog.
 */
import { messages, params } from '../../lib/i18n.ts';

export const guestMessages = messages('billGuest', {
  forGuest: params('para {name}'),
});
