/**
 * Styles that only the manager's pages need (src/styles/manage.css), added when
 * their islands load, so diner pages keep a small first-load stylesheet.
 */
import css from './manage.css?inline';
import { injectStyles } from './inject.ts';

injectStyles('umenu-manage-styles', css);
