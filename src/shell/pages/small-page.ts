/**
 * The catalogue's components a small page (offline, 404, 500) needs in another language: the
 * layout's, its own, the account button's and the API's refusals (docs/architecture.md#languages).
 */
export const SMALL_PAGE_COMPONENTS = ['shell', 'pages', 'auth', 'problems'];
