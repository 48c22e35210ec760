/**
 * The two shapes every loading island shares: a polite spinner line while
 * loading, and an alert with what went wrong and one way forward (retry or a link).
 */
import type { ReactNode } from 'react';
import { pageWords } from '../../lib/page-language.ts';

export function Loading({ text, className = 'py-8', testId }: { text: string; className?: string; testId?: string }) {
  return (
    <p role="status" className={`flex items-center gap-2 ${className}`} data-testid={testId}>
      <span className="loading loading-spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export interface LoadErrorProps {
  /** A heading, when the error replaces the whole page's content. */
  title?: string;
  message: string;
  onRetry?: () => void;
  /** A link instead of (or besides) retrying. */
  action?: { href: string; label: string };
  className?: string;
  children?: ReactNode;
}

export function LoadError({ title, message, onRetry, action, className = '', children }: LoadErrorProps) {
  return (
    <div role="alert" className={`rounded-box border border-error-strong bg-base-100 p-4 ${className}`}>
      {title && <h1 className="text-xl font-bold">{title}</h1>}
      <p className={title ? 'mt-2' : ''}>{message}</p>
      {children}
      {onRetry && (
        <button type="button" className="btn btn-primary mt-3 min-h-11" onClick={onRetry}>
          {pageWords('pages')?.retry ?? 'Reintentar'}
        </button>
      )}
      {action && (
        <a className="btn btn-primary mt-4 min-h-11" href={action.href}>
          {action.label}
        </a>
      )}
    </div>
  );
}
