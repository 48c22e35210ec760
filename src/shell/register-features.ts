/**
 * Features plug into the page-meta runner here: import a module that calls
 * `registerMiddleware(...)` / `registerValidator(...)` (see page-meta.ts).
 * Imported by the shell before page meta runs, on every page.
 */
export {};
import '../features/auth/register.ts';
import '../features/auth/account-button.ts';
