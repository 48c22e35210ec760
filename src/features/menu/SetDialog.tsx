/**
 * A set menu's step dialog (docs/rules.md#set-menus-and-availability), inside the product dialog's panel: one step per
 * course («Primer plato: elige 1»), each a fieldset with its legend; a chosen dish's options inline;
 * the supplement beside each choice; a running total; «Siguiente» / «Atrás» and a summary before
 * «Añadir al carrito». A step that lacks something says which course (or dish) and keeps the diner
 * there. Sold-out dishes are disabled; a set outside its hours says when it is served and cannot be added.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Product } from '../../contract/venue.ts';
import { LIMITS } from '../../contract/limits.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { formatMoney } from '../../lib/money.ts';
import { Icon } from './Icon.tsx';
import { mdiClose, mdiMinus, mdiPlus } from './ui-icons.ts';
import { menuMessages } from './messages.ts';
import { SetChoice as Choice } from './SetChoice.tsx';
import { setMessages } from './set-messages.ts';
import {
  choiceNames,
  choicesOf,
  emptyPicks,
  picksOf,
  setDishNote,
  setDishOptions,
  stepProblem,
  toggleDish,
  type Course,
  type PickedChoice,
  type SetPicks,
  type StepProblem,
} from './set-steps.ts';
import { setUnitPrice } from '../../contract/set-menu.ts';

export interface SetConfirm {
  product: Product;
  choices: PickedChoice[];
  choiceNames: string[];
  quantity: number;
  unitPrice: number;
}

export interface SetFormProps {
  product: Product;
  currency: string;
  locale: string;
  /** The venue's dishes by id (the choices and included items). */
  dish: (id: string) => Product | undefined;
  /** Why it cannot be added now («Disponible de lunes a viernes, de 13:00 a 16:00»), or null. */
  unavailable: string | null;
  /** Editing a line: its choices and quantity, kept. */
  initial?: { choices: readonly PickedChoice[]; quantity: number };
  onCancel: () => void;
  onConfirm: (input: SetConfirm) => void;
  langs?: TextLanguages;
}

function ruleOf(course: Course): string {
  const words = setMessages.get();
  if (course.min === 0) return words.pickOptional({ max: course.max });
  if (course.min === 1 && course.max === 1) return words.pickOne;
  return course.min === course.max
    ? words.pickN({ n: course.min })
    : words.pickRange({ min: course.min, max: course.max });
}

function problemText(problem: StepProblem): string {
  const words = setMessages.get();
  return problem.kind === 'course'
    ? words.missingCourse({ course: problem.course.name })
    : words.missingOptions({ dish: problem.dish.name, groups: problem.groups.join(', ') });
}

export function SetForm({
  product,
  currency,
  locale,
  dish,
  unavailable,
  initial,
  onCancel,
  onConfirm,
  langs,
}: SetFormProps) {
  const words = setMessages.get();
  const menuWords = menuMessages.get();
  const courses = product.courses ?? [];
  const [picks, setPicks] = useState<SetPicks>(() =>
    initial ? picksOf(product, initial.choices, dish) : emptyPicks(),
  );
  const [quantity, setQuantity] = useState(initial?.quantity ?? 1);
  // Steps: one per course, then the summary.
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const stepRef = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const id = useId();
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const choices = choicesOf(product, picks, dish);
  const unitPrice = setUnitPrice(product, choices, dish);
  const summary = step >= courses.length;
  const course = courses[step];
  const included = (product.included ?? []).map(dish).filter((p): p is Product => p !== undefined);

  // The new step gets the focus (its group and legend are read out), not on first open.
  useEffect(() => {
    if (moved.current) stepRef.current?.focus();
  }, [step]);

  const go = (to: number) => {
    moved.current = true;
    setProblem(null);
    setStep(to);
  };
  const next = () => {
    if (course) {
      const lacking = stepProblem(course, picks, dish);
      if (lacking) {
        setProblem(lacking);
        return;
      }
    }
    go(step + 1);
  };
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!summary) return next();
    for (const c of courses) {
      const lacking = stepProblem(c, picks, dish);
      if (lacking) {
        go(courses.indexOf(c));
        setProblem(lacking);
        return;
      }
    }
    if (unavailable || !product.available) return;
    onConfirm({ product, choices, choiceNames: choiceNames(choices, dish), quantity, unitPrice });
  };

  const problemId = `${id}-problem`;
  return (
    <form onSubmit={submit} className="modal-box max-h-[90dvh] p-0 sm:max-w-lg" noValidate data-testid="set-dialog">
      <div className="flex items-start gap-2 p-4 pb-2">
        <div className="flex-1">
          <h2
            id="product-dialog-title"
            className="text-xl font-bold leading-snug"
            lang={fallbackLang(product, 'name', langs)}
          >
            {product.name}
          </h2>
          <p className="text-sm text-base-content/80" data-testid="set-step">
            {words.step({ n: Math.min(step + 1, courses.length + 1), total: courses.length + 1 })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-circle min-h-11 min-w-11"
          onClick={onCancel}
          aria-label={menuWords.close}
        >
          <Icon path={mdiClose} />
        </button>
      </div>
      <div className="flex flex-col gap-4 p-4 pt-2">
        {unavailable && (
          <p className="font-semibold" data-testid="set-unavailable">
            {unavailable}
          </p>
        )}
        {course && (
          <fieldset
            key={course.id}
            ref={stepRef as React.RefObject<HTMLFieldSetElement>}
            tabIndex={-1}
            className={`fieldset rounded-box border p-3 text-base ${problem ? 'border-error' : 'border-base-300'}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            data-testid="set-course"
          >
            <legend className="fieldset-legend px-1 text-base">
              <span lang={fallbackLang(course, 'name', langs)}>
                {words.legend({ course: course.name, rule: ruleOf(course) })}
              </span>
            </legend>
            {course.max === 1 && course.min === 0 && (
              // An optional course taken as one: «Nada» puts it back to no dish.
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  name={`${id}-course-${course.id}`}
                  className="radio radio-sm border-base-content/60"
                  value=""
                  checked={(picks.dishes[course.id] ?? []).length === 0}
                  onChange={() => setPicks((p) => ({ ...p, dishes: { ...p.dishes, [course.id]: [] } }))}
                />
                <span className="flex-1">{words.nothing}</span>
              </label>
            )}
            {course.choices.map((choice) => {
              const product = dish(choice.productId);
              if (!product) return null;
              return (
                <Choice
                  key={choice.productId}
                  course={course}
                  product={product}
                  supplement={choice.supplement ?? 0}
                  picks={picks}
                  money={money}
                  langs={langs}
                  scope={id}
                  onToggle={(on) => {
                    setProblem(null);
                    setPicks((p) => toggleDish(p, course, product.id, on));
                  }}
                  onOptions={(selection) => {
                    setProblem(null);
                    setPicks((p) => setDishOptions(p, course.id, product.id, selection));
                  }}
                  onNote={(note) => setPicks((p) => setDishNote(p, course.id, product.id, note))}
                />
              );
            })}
          </fieldset>
        )}
        {summary && (
          <section ref={stepRef} tabIndex={-1} aria-labelledby={`${id}-summary`} data-testid="set-summary">
            <h3 id={`${id}-summary`} className="text-lg font-semibold">
              {words.summary}
            </h3>
            <dl className="mt-2 flex flex-col gap-2">
              {courses.map((c) => {
                const picked = choices.filter((ch) => ch.courseId === c.id);
                return (
                  <div key={c.id}>
                    <dt className="text-sm text-base-content/80" lang={fallbackLang(c, 'name', langs)}>
                      {c.name}
                    </dt>
                    <dd className="font-medium">
                      {picked.length ? choiceNames(picked, dish).join(', ') : words.nothing}
                    </dd>
                  </div>
                );
              })}
              {included.length > 0 && (
                <div>
                  <dt className="text-sm text-base-content/80">{words.included}</dt>
                  <dd className="font-medium">{included.map((p) => p.name).join(', ')}</dd>
                </div>
              )}
            </dl>
            <div className="mt-4 flex items-center gap-3">
              <span id={`${id}-qty`} className="font-medium">
                {menuWords.quantity}
              </span>
              <div className="join" role="group" aria-labelledby={`${id}-qty`}>
                <button
                  type="button"
                  className="btn join-item min-h-11 min-w-11"
                  aria-label={menuWords.decrease}
                  disabled={quantity <= LIMITS.quantityMin}
                  onClick={() => setQuantity((q) => Math.max(LIMITS.quantityMin, q - 1))}
                >
                  <Icon path={mdiMinus} />
                </button>
                <output
                  className="join-item flex min-h-11 w-16 items-center justify-center border border-base-300 tabular-nums"
                  aria-live="polite"
                >
                  {quantity}
                </output>
                <button
                  type="button"
                  className="btn join-item min-h-11 min-w-11"
                  aria-label={menuWords.increase}
                  disabled={quantity >= LIMITS.quantityMax}
                  onClick={() => setQuantity((q) => Math.min(LIMITS.quantityMax, q + 1))}
                >
                  <Icon path={mdiPlus} />
                </button>
              </div>
            </div>
          </section>
        )}
      </div>
      <div className="sticky bottom-0 flex flex-col gap-2 border-t border-base-300 bg-base-100 p-4">
        {problem && (
          <p id={problemId} role="alert" className="text-sm font-semibold text-error-strong" data-testid="set-problem">
            {problemText(problem)}
          </p>
        )}
        <p className="flex justify-between font-semibold" aria-live="polite" data-testid="set-total">
          <span>{words.total}</span>
          <span className="tabular-nums">{money(unitPrice * quantity)}</span>
        </p>
        <div className="flex gap-2">
          {step > 0 && (
            <button type="button" className="btn min-h-12 flex-1" onClick={() => go(step - 1)}>
              {words.back}
            </button>
          )}
          {summary ? (
            <button
              type="submit"
              className="btn btn-primary min-h-12 flex-1"
              aria-disabled={Boolean(unavailable) || !product.available}
            >
              {(initial ? words.save : words.addToCart)({ price: money(unitPrice * quantity) })}
            </button>
          ) : (
            <button type="submit" className="btn btn-primary min-h-12 flex-1">
              {words.next}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
