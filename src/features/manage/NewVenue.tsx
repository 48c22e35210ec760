/**
 * `/panel/nuevo-local` (admins only: docs/rules.md#scopes): the new venue's name and address (its id,
 * suggested from the name, checked with the contract's rules and refused if taken), then
 * the menu editor opens on the blank venue; publishing there creates it.
 */
import '../../styles/manage.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '../../contract/auth.ts';
import { spanishErrors } from '../../contract/manage.ts';
import { problemMessage } from '../../lib/http.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import { venueExists } from './api.ts';
import { NewVenueForm, newVenueQuery, slug } from './menu-editor/logic.ts';
import { isAdmin } from '../../contract/permissions.ts';

const ERROR_TEXT = 'text-error-strong';

function Form() {
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NewVenueForm>({
    resolver: zodResolver(NewVenueForm, { error: spanishErrors }),
    defaultValues: { name: '', id: '' },
  });
  const [failure, setFailure] = useState<string>();
  const id = useWatch({ control, name: 'id' });
  const nameField = register('name', {
    // The address follows the name until the admin types one.
    onChange: (e: { target: { value: string } }) => {
      if (!getFieldState('id').isDirty)
        setValue('id', slug(e.target.value, new Set()).replace(/^item$/, ''), { shouldValidate: Boolean(errors.id) });
    },
  });
  const onSubmit = handleSubmit(async ({ id, name }) => {
    setFailure(undefined);
    try {
      if (await venueExists(id)) {
        setError(
          'id',
          { message: `Ya existe un local con el identificador «${id}». Elige otro.` },
          { shouldFocus: true },
        );
        return;
      }
    } catch (e) {
      setFailure(problemMessage(e));
      return;
    }
    location.assign(`/panel/menu${newVenueQuery(id, name)}`);
  });
  const describe = (field: 'name' | 'id', hint?: boolean) =>
    errors[field] ? `new-${field}-error` : hint ? `new-${field}-hint` : undefined;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="mx-auto flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5"
      aria-labelledby="new-venue-title"
    >
      <h1 id="new-venue-title" className="text-2xl font-bold">
        Nuevo local
      </h1>
      <p>
        Elige el nombre y la dirección del local. Después completarás su menú; los clientes lo verán cuando lo
        publiques.
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-name" className="text-sm font-medium">
          Nombre del local
        </label>
        <input
          id="new-name"
          className={`input min-h-11 w-full ${errors.name ? 'input-error' : ''}`}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describe('name')}
          {...nameField}
        />
        {errors.name && (
          <p id="new-name-error" className={`text-sm font-medium ${ERROR_TEXT}`}>
            {errors.name.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-id" className="text-sm font-medium">
          Identificador (la dirección del menú)
        </label>
        <input
          id="new-id"
          className={`input min-h-11 w-full font-mono ${errors.id ? 'input-error' : ''}`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.id ? true : undefined}
          aria-describedby={describe('id', true)}
          {...register('id')}
        />
        {errors.id ? (
          <p id="new-id-error" className={`text-sm font-medium ${ERROR_TEXT}`}>
            {errors.id.message}
          </p>
        ) : (
          <p id="new-id-hint" className="text-sm text-base-content/80">
            Minúsculas, números y guiones. Los clientes abrirán{' '}
            <span className="font-mono break-all">
              {location.host}/{id || 'mi-local'}
            </span>
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className={`rounded-box border border-error p-3 ${ERROR_TEXT}`}>
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary min-h-11" disabled={isSubmitting}>
          Crear y editar el menú
        </button>
        <a className="btn btn-ghost min-h-11" href="/">
          Cancelar
        </a>
      </div>
    </form>
  );
}

function AdminsOnly({ user }: { user: User }) {
  if (isAdmin(user.scope)) return <Form />;
  return (
    <section
      role="alert"
      aria-labelledby="new-venue-denied"
      className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-5"
    >
      <h1 id="new-venue-denied" className="text-xl font-bold">
        Solo un administrador puede crear locales
      </h1>
      <p className="mt-2">
        Si quieres dar de alta tu restaurante, pide a un administrador de umenu que lo cree y te dé acceso para
        gestionarlo.
      </p>
      <p className="mt-4">
        <a className="btn btn-primary min-h-11" href="/">
          Volver al inicio
        </a>
      </p>
    </section>
  );
}

export default function NewVenue() {
  return <SessionGate>{(user) => <AdminsOnly user={user} />}</SessionGate>;
}
