/**
 * Styles that only the manager's pages need (src/styles/manage.css), added when
 * their islands load, so diner pages keep a small first-load stylesheet.
 */
import css from './manage.css?inline';

const ID = 'umenu-manage-styles';
if (typeof document !== 'undefined' && !document.getElementById(ID)) {
  const style = document.createElement('style');
  style.id = ID;
  style.textContent = css;
  document.head.append(style);
}
