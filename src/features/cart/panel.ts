/** The cart's panel for the order drawer (public module loaded on demand, with the drawer). */
export { CartPanel } from './CartPanel.tsx';
