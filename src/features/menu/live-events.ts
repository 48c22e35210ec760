/** Fired on `document` after a newer version of the menu was rendered over the page (live-render.tsx). */
export const MENU_RENDERED_EVENT = 'umenu:menu-rendered';
