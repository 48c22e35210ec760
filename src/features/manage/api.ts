/** The management pages' API calls (docs/rules.md#venue-self-service). Separate from the diner's modules: only the panel pages load them. */
import { Venue } from '../../contract/venue.ts';
import {
  ProductHistory,
  TableLink,
  TableList,
  UploadedImage,
  VenueIdCheck,
  type VenueInput,
} from '../../contract/manage.ts';
import {
  AcceptedInvitation,
  CreatedInvitation,
  InvitationPreview,
  Team,
  type AcceptInvitationInput,
  type InvitationInput,
} from '../../contract/team.ts';
import { CreatedPrintAgent, PrintAgentList, PrinterList, type PrinterInput } from '../../contract/printing.ts';
import { VerifactuIssuer } from '../../contract/bill.ts';
import { PaymentProviderSettings, type PaymentProviderInput } from '../../contract/payments.ts';
import { http } from '../../lib/http.ts';

const venuePath = (id: string) => `venues/${encodeURIComponent(id)}`;

export async function fetchVenue(id: string): Promise<Venue> {
  return Venue.parse(await http.get(venuePath(id), { cache: 'no-store' }).json<unknown>());
}

/** Publishes the venue; `create` (a new venue) refuses to replace one that exists meanwhile (412). */
export async function saveVenue(venue: VenueInput, { create = false } = {}): Promise<Venue> {
  const headers = create ? { 'If-None-Match': '*' } : undefined;
  return Venue.parse(await http.put(venuePath(venue.id), { json: venue, retry: 0, headers }).json<unknown>());
}

/** Whether a venue with this id exists (asked without a 404: an expected "no" is not an error in the console). */
export async function venueExists(id: string): Promise<boolean> {
  return VenueIdCheck.parse(await http.get(`${venuePath(id)}/exists`, { cache: 'no-store', retry: 0 }).json<unknown>())
    .exists;
}

export async function fetchTables(id: string): Promise<TableLink[]> {
  return TableList.parse(await http.get(`${venuePath(id)}/tables`, { cache: 'no-store' }).json<unknown>()).tables;
}

export async function rotateTableToken(id: string, label: string): Promise<TableLink> {
  return TableLink.parse(
    await http.post(`${venuePath(id)}/tables/${encodeURIComponent(label)}/token`, { retry: 0 }).json<unknown>(),
  );
}

/** A table's zone («Terraza»), or none (`null`): docs/rules.md#the-floor. */
export async function setTableZone(id: string, label: string, zone: string | null): Promise<TableLink> {
  return TableLink.parse(
    await http
      .put(`${venuePath(id)}/tables/${encodeURIComponent(label)}`, { json: { zone }, retry: 0 })
      .json<unknown>(),
  );
}

export async function uploadImage(id: string, file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.set('file', file);
  return UploadedImage.parse(
    await http.post(`${venuePath(id)}/media`, { body, retry: 0, timeout: 60_000 }).json<unknown>(),
  );
}

export async function fetchHistory(id: string, productId: string): Promise<ProductHistory> {
  return ProductHistory.parse(
    await http
      .get(`${venuePath(id)}/products/${encodeURIComponent(productId)}/history`, { cache: 'no-store' })
      .json<unknown>(),
  );
}

// ── The venue's team (/panel/equipo) and invitation links (/invitacion) ──

export async function fetchTeam(id: string): Promise<Team> {
  return Team.parse(await http.get(`${venuePath(id)}/team`, { cache: 'no-store' }).json<unknown>());
}

export async function createInvitation(id: string, input: InvitationInput): Promise<CreatedInvitation> {
  return CreatedInvitation.parse(
    await http.post(`${venuePath(id)}/invitations`, { json: input, retry: 0 }).json<unknown>(),
  );
}

export async function withdrawInvitation(id: string, invitationId: string): Promise<void> {
  await http.delete(`${venuePath(id)}/invitations/${encodeURIComponent(invitationId)}`, { retry: 0 });
}

export async function removeMember(id: string, userId: string): Promise<void> {
  await http.delete(`${venuePath(id)}/team/${encodeURIComponent(userId)}`, { retry: 0 });
}

export async function lookupInvitation(token: string): Promise<InvitationPreview> {
  return InvitationPreview.parse(await http.post('invitations/lookup', { json: { token }, retry: 0 }).json<unknown>());
}

export async function acceptInvitation(input: AcceptInvitationInput): Promise<AcceptedInvitation> {
  return AcceptedInvitation.parse(await http.post('invitations/accept', { json: input, retry: 0 }).json<unknown>());
}

// ── The venue's printers and print agents (/panel/impresoras) ──

export async function fetchPrinters(id: string) {
  return PrinterList.parse(await http.get(`${venuePath(id)}/printers`, { cache: 'no-store' }).json<unknown>()).printers;
}

export async function savePrinters(
  id: string,
  printers: ReadonlyArray<Omit<PrinterInput, 'port' | 'width'> & { port: number; width: number }>,
) {
  return PrinterList.parse(
    await http.put(`${venuePath(id)}/printers`, { json: { printers }, retry: 0 }).json<unknown>(),
  ).printers;
}

export async function fetchPrintAgents(id: string) {
  return PrintAgentList.parse(await http.get(`${venuePath(id)}/print-agents`, { cache: 'no-store' }).json<unknown>())
    .agents;
}

export async function createPrintAgent(id: string) {
  return CreatedPrintAgent.parse(await http.post(`${venuePath(id)}/print-agents`, { retry: 0 }).json<unknown>());
}

export async function revokePrintAgent(id: string, agentId: string): Promise<void> {
  await http.delete(`${venuePath(id)}/print-agents/${encodeURIComponent(agentId)}`, { retry: 0 });
}

// ── The venue's VERI*FACTU issuer: whether an admin confirmed its NIF (docs/rules.md#the-bill) ──

export async function fetchIssuer(id: string): Promise<VerifactuIssuer> {
  return VerifactuIssuer.parse(
    await http.get(`${venuePath(id)}/verifactu/issuer`, { cache: 'no-store' }).json<unknown>(),
  );
}

export async function confirmIssuer(id: string, taxId: string): Promise<VerifactuIssuer> {
  return VerifactuIssuer.parse(
    await http.post(`${venuePath(id)}/verifactu/issuer`, { json: { taxId }, retry: 0 }).json<unknown>(),
  );
}

// ── The venue's online payment provider (/panel/pagos) ──

export async function fetchPaymentProvider(id: string): Promise<PaymentProviderSettings> {
  return PaymentProviderSettings.parse(
    await http.get(`${venuePath(id)}/payment-provider`, { cache: 'no-store' }).json<unknown>(),
  );
}

export async function savePaymentProvider(id: string, input: PaymentProviderInput): Promise<PaymentProviderSettings> {
  return PaymentProviderSettings.parse(
    await http.put(`${venuePath(id)}/payment-provider`, { json: input, retry: 0 }).json<unknown>(),
  );
}

export async function deletePaymentProvider(id: string): Promise<void> {
  await http.delete(`${venuePath(id)}/payment-provider`, { retry: 0 });
}
