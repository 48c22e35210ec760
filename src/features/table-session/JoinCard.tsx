/** `¿Cómo te llamas?` + `Unirme a la mesa`: asked once per device, before joining a table. */
import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ParticipantName } from '../../contract/table.ts';
import { TEXT_MESSAGES } from '../../contract/text.ts';
import { tableMessages } from './messages.ts';
import { LIMITS } from '../../contract/limits.ts';
import { FieldError, fieldErrorId } from '../../shell/ui/FieldError.tsx';
import { $tableName, join } from './store.ts';

interface Props {
  table: string;
  busy: boolean;
  nameError?: string;
  message?: string;
}

export function JoinCard({ table, busy, nameError, message }: Props) {
  // Pre-filled with the name this device joined with before (asked again after `Mesa cerrada`).
  const [name, setName] = useState(() => $tableName.get());
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? nameError;
  const words = useStore(tableMessages);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const parsed = ParticipantName.safeParse(name);
    if (!parsed.success) {
      // The contract's message: its length, or a name without a letter or digit.
      setLocalError(
        parsed.error.issues[0]?.message === TEXT_MESSAGES.nameNeedsLetters ? words.nameLetters : words.nameInvalid,
      );
      (event.currentTarget.elements.namedItem('table-name') as HTMLInputElement | null)?.focus();
      return;
    }
    setLocalError(null);
    void join(parsed.data);
  }

  return (
    <section
      className="card mb-3 border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="table-join-title"
      data-testid="table-join"
    >
      <form className="card-body gap-3 p-4" onSubmit={submit} noValidate>
        <h2 id="table-join-title" className="card-title text-lg">
          {words.table({ label: table })}
        </h2>
        <p className="text-sm text-base-content/80">{words.joinIntro}</p>
        <div>
          <label htmlFor="table-name" className="mb-1 block font-semibold">
            {words.askName}
          </label>
          <input
            id="table-name"
            name="table-name"
            className={`input min-h-11 w-full ${error ? 'input-error' : ''}`}
            autoComplete="given-name"
            enterKeyHint="go"
            maxLength={LIMITS.participantNameMax + 10}
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId('table-name') : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldError fieldId="table-name" message={error} />
        </div>
        {message && (
          <p role="alert" className="text-sm font-medium text-error-strong">
            {message}
          </p>
        )}
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {words.join}
        </button>
      </form>
    </section>
  );
}
