/** A venue's tables, their QR links and tokens: the tables feature's public module. */
export { tableForToken, tableRoutes } from './routes.ts';
export { openApiPaths } from './openapi-paths.ts';
