/**
 * The OpenAPI document: Redocly CLI's recommended rules pass with no error (warnings kept on
 * purpose are explained in redocly.yaml), every operation has a unique operationId, and the
 * response checker the other API tests use really refuses answers that drift from it.
 */
import { describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../scripts/lint-openapi.ts';
import { openApiDocument } from '../../server/openapi.ts';
import { checkResponse, ContractViolation } from './openapi-conformance.ts';
import { ceiling } from '../ceiling.ts';

type Paths = Record<string, Record<string, { operationId?: string }>>;

describe('OpenAPI document', () => {
  it(
    'passes Redocly CLI recommended lint with 0 errors',
    () => {
      const { status, output } = lintOpenApi();
      expect(output, output).not.toMatch(/\berror\b/);
      expect(status, output).toBe(0);
    },
    ceiling(60_000),
  );

  it('gives every operation a unique operationId', () => {
    const ids: string[] = [];
    for (const [path, item] of Object.entries((openApiDocument() as { paths: Paths }).paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method.toUpperCase()} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the response checker refuses undocumented statuses, content types and bodies', () => {
    const venues = JSON.stringify({ venues: [], total: 0 });
    expect(() => checkResponse('GET', '/api/venues', 200, 'application/json', venues)).not.toThrow();
    expect(() => checkResponse('GET', '/api/venues', 201, 'application/json', venues)).toThrow(ContractViolation);
    expect(() => checkResponse('GET', '/api/venues', 200, 'text/html', venues)).toThrow(ContractViolation);
    expect(() =>
      checkResponse('GET', '/api/venues', 200, 'application/json', JSON.stringify({ venues: [{ id: 'x' }] })),
    ).toThrow(/VenueList|listVenues/);
    expect(() => checkResponse('DELETE', '/api/venues', 200, 'application/json', '{}')).toThrow(/no operation/);
    expect(() =>
      checkResponse('GET', '/api/no-such-route', 404, 'application/problem+json', '{"status":404}'),
    ).not.toThrow();
  });
});
