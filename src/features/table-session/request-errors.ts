/** What a failed request of the table session means for it (docs/rules.md#table-sessions). */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { PROBLEM_TYPES } from '../../contract/problem.ts';
import { problemMessage, problemOf } from '../../lib/http.ts';
import { pageLanguage } from '../../lib/page-language.ts';

/** Worth trying again: no connection, a timeout, too many requests or the server's own trouble. */
export function isTransient(error: unknown): boolean {
  if (isNetworkError(error) || isTimeoutError(error)) return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const status = isHTTPError(error) ? error.response.status : 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export function detailOf(error: unknown): string {
  const problem = problemOf(error);
  // The API words its refusals in Spanish: another language's page says them by their type.
  if (problem?.detail && !isTransient(error) && pageLanguage() === 'es') return problem.detail;
  return problemMessage(error);
}

export function isClosedError(error: unknown): boolean {
  return problemOf(error)?.type === PROBLEM_TYPES.tableClosed;
}

export function isCredentialError(error: unknown): boolean {
  return isHTTPError(error) && error.response.status === 401;
}
