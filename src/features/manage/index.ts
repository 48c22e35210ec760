/** What other features use of the manage feature: the panel pages' gate, venue switcher, navigation and loading states. */
export { ManageGate } from './ManageGate.tsx';
export { PageLoadFailed, PageLoading } from './PageLoad.tsx';
export { PanelNav, venueSummaries } from './PanelNav.tsx';
