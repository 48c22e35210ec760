/**
 * Every page's title ends with the same suffix (docs/rules.md#screens-and-routes): the layout's title template
 * and every island that retitles its page (a venue, an order, a receipt, the board, the kitchen,
 * the error page) and the server's «Preparando umenu…» page write it through here.
 */
export const TITLE_SUFFIX = ' - umenu-ui';

/** `Tapas Pepe` → `Tapas Pepe - umenu-ui`. */
export const pageTitle = (title: string): string => `${title}${TITLE_SUFFIX}`;
