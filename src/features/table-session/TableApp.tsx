/** The table side of a venue page (loaded on demand): the link check, joining, the table bar, its cart and its bill. */
import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../styles/dialogs.ts';
import { useStore } from '@nanostores/react';
import { tableMessages } from './messages.ts';
import { JoinCard } from './JoinCard.tsx';
import { SameGroupCard } from './SameGroupCard.tsx';
import { SavedReceipts } from '../../shell/ui/SavedReceipts.tsx';
import { TableBar } from './TableBar.tsx';
import { TableDrawer } from './TableDrawer.tsx';
import { BillDialog } from './BillDialogLazy.tsx';
import { $table, checkAndJoin, startTable, type TableVenue } from './store.ts';

/** Renders the table side into `slot` (its own React root: it shares state with the page's islands through stores only). */
export function mountTableApp(slot: HTMLElement, venue: TableVenue): () => void {
  const root = createRoot(slot);
  root.render(<TableContent venue={venue} />);
  return () => root.unmount();
}

function TableContent({ venue }: { venue: TableVenue }): ReactNode {
  const state = useStore($table);
  const words = useStore(tableMessages);
  useEffect(() => {
    void startTable(venue);
  }, [venue]);

  switch (state.phase) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <p role="status" className="mb-3 text-sm text-base-content/80">
          {words.checking}
        </p>
      );
    case 'invalid':
      return (
        <div
          role="alert"
          className="alert alert-warning mb-3 flex flex-col items-start gap-1"
          data-testid="table-invalid"
        >
          <p className="font-bold">{words.invalidToken}</p>
          <p className="text-sm">{words.invalidHint}</p>
        </div>
      );
    case 'needName':
    case 'joining':
      return (
        <JoinCard
          table={state.table ?? ''}
          busy={state.phase === 'joining'}
          nameError={state.nameError}
          message={state.message}
        />
      );
    case 'sameGroup':
    case 'waiting':
      return <SameGroupCard />;
    case 'closed':
      return (
        <div
          role="alert"
          className="alert mb-3 flex flex-col items-start gap-1 border-base-300 bg-base-100"
          data-testid="table-closed"
        >
          <p className="font-bold">{words.closed}</p>
          <p className="text-sm">{words.sessionClosed}</p>
          <SavedReceipts headingLevel={3} />
        </div>
      );
    case 'removed':
      return (
        <div
          role="alert"
          className="alert alert-warning mb-3 flex flex-col items-start gap-1"
          data-testid="table-removed"
        >
          <p className="font-bold">{words.removedByStaff}</p>
          <p className="text-sm">{words.removedHint}</p>
        </div>
      );
    case 'lost':
    case 'error':
      return (
        <div
          role="alert"
          className="alert alert-warning mb-3 flex flex-col items-start gap-2"
          data-testid="table-error"
        >
          <p>{state.message}</p>
          {state.phase === 'error' && (
            <button type="button" className="btn btn-sm min-h-11" onClick={() => void checkAndJoin()}>
              {words.retry}
            </button>
          )}
        </div>
      );
    case 'joined':
      return (
        <>
          <TableBar />
          <TableDrawer venue={venue} />
          <BillDialog venue={venue} />
        </>
      );
  }
}
