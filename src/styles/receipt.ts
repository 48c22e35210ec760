/**
 * Styles that only the receipt page (src/features/receipt) needs (src/styles/receipt.css), added when its island
 * loads, so diner pages keep a small first-load stylesheet.
 */
import css from './receipt.css?inline';
import { injectStyles } from './inject.ts';

injectStyles('umenu-receipt-styles', css);
