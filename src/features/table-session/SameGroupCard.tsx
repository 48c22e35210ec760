/**
 * «Esta mesa tiene una cuenta abierta. ¿Sois el mismo grupo?» (docs/rules.md#table-sessions): asked before joining
 * a table whose open session had no activity for 30 minutes. Nothing of that session is on this phone until the
 * answer is «Sí, unirme»; «No, somos otro grupo» asks staff to close it and waits (`waiting`).
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { tableMessages } from './messages.ts';
import { $table, join } from './store.ts';

export function SameGroupCard() {
  const state = useStore($table);
  const words = useStore(tableMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  const name = state.pendingName ?? null;
  const waiting = state.phase === 'waiting';
  useEffect(() => heading.current?.focus(), [waiting]);

  return (
    <section
      className="card mb-3 border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="table-same-group-title"
      data-testid="table-same-group"
    >
      <div className="card-body gap-3 p-4">
        <h2 id="table-same-group-title" ref={heading} tabIndex={-1} className="card-title text-lg">
          {words.table({ label: state.table ?? '' })}
        </h2>
        {waiting ? (
          <p role="status" className="text-sm" data-testid="table-new-group-waiting">
            <span className="loading loading-spinner loading-xs me-2 align-middle" aria-hidden="true" />
            {words.newGroupWaiting}
          </p>
        ) : (
          <>
            <p className="font-semibold">{words.sameGroup}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <button type="button" className="btn btn-primary min-h-11" onClick={() => void join(name, 'same')}>
                {words.sameGroupYes}
              </button>
              <button type="button" className="btn btn-outline min-h-11" onClick={() => void join(name, 'new')}>
                {words.sameGroupNo}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
