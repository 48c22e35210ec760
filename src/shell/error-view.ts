/**
 * The error page, shown in place without a navigation (static site: errors found
 * in the browser — failed validate, unknown middleware, an island's failed
 * load — cannot change the HTTP status). Same markup as the static 404/500
 * pages: it clones `<template id="umenu-error-template">` from the layout.
 * If showing it fails, a minimal fallback is written instead (docs/rules.md#error-pages).
 */
import { normalizeError, NOT_FOUND_MESSAGE } from './page-meta.ts';
import { pageWords } from '../lib/page-language.ts';
import { pageTitle } from '../contract/page-title.ts';

export const ERROR_PAGE_FAILED_MESSAGE = 'An error occurred while showing the error page';
export const HOME_LINK_TEXT = 'Go back to home';

export const ERROR_EVENT = 'umenu:error-page';

function render(statusCode: number, message: string): void {
  const template = document.getElementById('umenu-error-template');
  const main = document.getElementById('main');
  if (!(template instanceof HTMLTemplateElement) || !main) throw new Error('error page template missing');
  const view = template.content.cloneNode(true) as DocumentFragment;
  const status = view.querySelector('[data-error-status]');
  const text = view.querySelector('[data-error-message]');
  const help = view.querySelector('[data-error-help]');
  if (!status || !text) throw new Error('error page template incomplete');
  status.textContent = String(statusCode);
  // The page's language's words for the shell's own messages (src/shell/messages.ts: `pages`).
  const words = pageWords('pages');
  text.textContent =
    (message === NOT_FOUND_MESSAGE ? words?.notFound : message === 'An error occurred' ? words?.error : undefined) ??
    message;
  if (help) {
    help.textContent =
      statusCode === 404
        ? (words?.notFoundHelp ?? 'La página que buscas no existe o cambió de dirección.')
        : (words?.errorHelp ?? 'Algo salió mal al mostrar esta página. Vuelve al inicio e inténtalo de nuevo.');
  }
  main.replaceChildren(view);
  document.title = pageTitle(text.textContent ?? '');
  main.querySelector<HTMLElement>('h1')?.focus();
}

function renderFallback(): void {
  const main = document.getElementById('main') ?? document.body;
  const box = document.createElement('div');
  box.className = 'py-10 text-center';
  const heading = document.createElement('h1');
  heading.className = 'text-xl font-bold outline-none';
  heading.tabIndex = -1;
  heading.textContent = ERROR_PAGE_FAILED_MESSAGE;
  const link = document.createElement('a');
  link.href = '/';
  link.className = 'btn btn-primary mt-6';
  link.textContent = HOME_LINK_TEXT;
  box.append(heading, link);
  main.replaceChildren(box);
  document.title = pageTitle(ERROR_PAGE_FAILED_MESSAGE);
  heading.focus();
}

/** Shows the error page for `error`: a `PageError` (its status code) or anything thrown (500). */
export function showErrorPage(error: unknown): void {
  try {
    const { statusCode, message } = normalizeError(error);
    render(statusCode, message);
    document.documentElement.dataset.errorStatus = String(statusCode);
    window.dispatchEvent(new CustomEvent(ERROR_EVENT, { detail: { statusCode, message } }));
  } catch (failure) {
    console.error('[umenu] the error page could not be shown', failure);
    try {
      renderFallback();
    } catch {
      document.body.textContent = ERROR_PAGE_FAILED_MESSAGE;
    }
  }
}
