/**
 * The rush scenario of `npm run bench:api` (docs/rules.md#pickup-times): DINERS diners at once, spread over the
 * instances as a load balancer would, compete for SLOTS pickup slots of the taquería tomorrow (8 places each, the
 * default); a diner refused with 409 «Esa hora se acaba de llenar» tries once more with the first free slot the
 * answer proposes. Prints the orders accepted per slot and the 409s, and checks in the database that no slot has
 * more orders than places and that each slot's counter row says how many it has.
 */
export const DINERS = 200;
export const SLOTS = 10;
const PLACES = 8;
const VENUE = 'taqueria-el-guero';

interface SlotAnswer {
  status: number;
  ms: number;
  slots?: Array<{ start: string }>;
}

/** What the scenario reads in the database after the load (the stack's own database). */
export type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

async function token(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await res.json()) as { token: string }).token;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function slotRush(bases: readonly string[], query: Query, failures: string[]): Promise<string[]> {
  const base = bases[0]!;
  const admin = await token(base, 'admin@umenu.test');
  const venue = (await (await fetch(`${base}/api/venues/${VENUE}`)).json()) as Record<string, unknown>;
  const put = await fetch(`${base}/api/venues/${VENUE}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...venue,
      pickup: { slotMinutes: 15, ordersPerSlot: PLACES, leadMinutes: 0, daysAhead: 1 },
    }),
  });
  if (put.status !== 200) throw new Error(`slot rush: PUT venue answered ${put.status}`);
  // Every instance serves the new settings before the rush (they learn it from the venue's event).
  for (const b of bases) {
    for (let i = 0; ; i++) {
      const res = await fetch(`${b}/api/venues/${VENUE}/pickup-slots`);
      if (res.status === 200 && ((await res.json()) as { days: string[] }).days.length === 2) break;
      if (i > 200) throw new Error(`slot rush: ${b} never served the new pickup settings`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const days = ((await (await fetch(`${base}/api/venues/${VENUE}/pickup-slots`)).json()) as { days: string[] }).days;
  const tomorrow = (await (await fetch(`${base}/api/venues/${VENUE}/pickup-slots?date=${days[1]}`)).json()) as {
    slots: Array<{ start: string }>;
  };
  const wanted = tomorrow.slots
    .filter((s) => s.start.slice(11, 16) >= '12:00')
    .slice(0, SLOTS)
    .map((s) => s.start);
  const tokens = await Promise.all(
    ['ana@umenu.test', 'cocina@umenu.test', 'gerente@umenu.test', 'admin@umenu.test'].map((e) => token(base, e)),
  );
  let keys = 0;
  const order = async (i: number, pickupAt: string): Promise<SlotAnswer> => {
    const started = performance.now();
    const res = await fetch(`${bases[i % bases.length]}/api/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[i % tokens.length]}`,
        'idempotency-key': `slot-rush-${process.pid}-${++keys}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        venueId: VENUE,
        mode: 'pickup',
        customer: { name: `Comensal ${i + 1}`, phone: '+52 55 1234 5678' },
        tip: { percent: 0 },
        payment: 'cash',
        lines: [{ productId: 'tacos-al-pastor', optionIds: ['cantidad-orden-de-3', 'tortilla-maiz'], quantity: 2 }],
        expectedTotal: 13800,
        pickupAt,
      }),
    });
    const ms = performance.now() - started;
    const body = (await res.json()) as { slots?: Array<{ start: string }> };
    return { status: res.status, ms, ...(body.slots ? { slots: body.slots } : {}) };
  };
  const started = performance.now();
  const first = await Promise.all(Array.from({ length: DINERS }, (_, i) => order(i, wanted[i % wanted.length]!)));
  // A refused diner takes the first free slot the answer proposes, once.
  const second = await Promise.all(
    first.map((a, i) => (a.status === 409 && a.slots?.[0] ? order(i, a.slots[0].start) : Promise.resolve(undefined))),
  );
  const seconds = (performance.now() - started) / 1000;
  const answers = [...first, ...second.filter((a): a is SlotAnswer => a !== undefined)];
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const others = answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.status);
  if (others.length) failures.push(`slot rush: unexpected answers ${[...new Set(others)].join(', ')}`);
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);

  const perSlot = await query(
    `SELECT slot_start AS slot, taken FROM pickup_slots WHERE venue_id = '${VENUE}' ORDER BY slot_start`,
  );
  const orders = await query(`SELECT doc FROM orders WHERE venue_id = '${VENUE}' AND doc LIKE '%"pickupAt"%'`);
  const byStart = new Map<string, number>();
  for (const row of orders) {
    const at = (JSON.parse(String(row.doc)) as { pickupAt: string }).pickupAt;
    const key = new Date(at).toISOString();
    byStart.set(key, (byStart.get(key) ?? 0) + 1);
  }
  const lines = [
    `Slot rush (${bases.length} instances, ${DINERS} diners at once for ${SLOTS} slots of ${PLACES} places; a refused diner retries once with the first slot proposed): ${count(201)} orders accepted, ${count(409)} answers 409 «Esa hora se acaba de llenar» (${first.filter((a) => a.status === 409).length} first tries, ${second.filter((a) => a?.status === 409).length} retries), ${answers.length} requests in ${seconds.toFixed(2)} s, p50 ${Math.round(percentile(ms, 0.5))} ms, p99 ${Math.round(percentile(ms, 0.99))} ms`,
    '',
    '| slot (tomorrow) | orders accepted | counter row | places |',
    '|---|---:|---:|---:|',
  ];
  for (const row of perSlot) {
    const key = String(row.slot);
    const stored = byStart.get(key) ?? 0;
    const taken = Number(row.taken);
    const local = wanted.find((w) => new Date(w).toISOString() === key)?.slice(11, 16) ?? `${key} (UTC)`;
    lines.push(`| ${local} | ${stored} | ${taken} | ${PLACES} |`);
    if (stored > PLACES) failures.push(`slot rush: slot ${local} oversold: ${stored} orders for ${PLACES} places`);
    if (stored !== taken) failures.push(`slot rush: slot ${local} has ${stored} orders but its counter says ${taken}`);
  }
  if (orders.length !== count(201))
    failures.push(`slot rush: ${orders.length} orders stored for ${count(201)} answered 201`);
  return lines;
}
