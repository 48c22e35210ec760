/** What other features use of the manage feature: the panel pages' venue switcher and navigation. */
export { PanelNav } from './PanelNav.tsx';
