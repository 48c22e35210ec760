/**
 * Styles that only dialogs need (src/styles/dialogs.css), added to the page the
 * first time a module that draws a dialog is loaded. Those modules are loaded
 * lazily, so a first visit never downloads these styles, and as the styles
 * arrive inside the module they are in place before the dialog renders.
 */
import css from './dialogs.css?inline';
import { injectStyles } from './inject.ts';

injectStyles('umenu-dialog-styles', css);
