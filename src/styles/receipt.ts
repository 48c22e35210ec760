/**
 * Styles that only the receipt page (src/features/receipt) and the day's cash (src/features/cash) need
 * (src/styles/receipt.css), added when their islands load, so diner pages keep a small first-load stylesheet.
 */
import css from './receipt.css?inline';
import { injectStyles } from './inject.ts';

injectStyles('umenu-receipt-styles', css);
