/**
 * A venue's team (docs: server/README.md, "Team and invitations"): managers and staff are
 * given `manager:{venueId}` / `staff:{venueId}` through one-time invitation links. The
 * product sends no e-mail: whoever invites copies the link and passes it on. Nobody is made
 * an admin from a venue.
 */
import * as z from 'zod/mini';
import { managerScope, staffScope } from './permissions.ts';
import { cleanLine, needsLetterOrDigit } from './text.ts';

/** The sentences the team API answers with (problem `detail`); the client may show them as they are. */
export const TEAM_MESSAGES = {
  invitationInvalid: 'Esta invitación no es válida o ya se ha usado. Pide a quien te invitó un enlace nuevo.',
  invitationExpired: 'Esta invitación ha caducado. Pide a quien te invitó un enlace nuevo.',
  accountGone: 'La cuenta ya no existe.',
  invitationNotPending: 'Esa invitación no existe o ya no está pendiente.',
  notAMember: 'Esa persona no forma parte del equipo de este local.',
  otherEmail: (email: string) => `Esta invitación es para ${email}. Entra con esa cuenta para aceptarla.`,
  accountExists: 'Ya existe una cuenta con este correo: inicia sesión para aceptar la invitación.',
  managersOnly: 'Solo quien gestiona el local (o un administrador) puede ver y cambiar su equipo.',
  noAdminFromVenue: 'Desde un local solo se invita como gerente o personal: nadie puede dar acceso de administrador.',
  notYourself: 'No puedes quitarte el acceso a ti mismo: pídeselo a otro gerente o a un administrador.',
  nameAndPassword: 'Para crear tu cuenta escribe tu nombre y una contraseña, o inicia sesión si ya tienes cuenta.',
  writeName: 'Escribe tu nombre',
  choosePassword: 'Elige una contraseña',
} as const;

export const TEAM_ROLES = ['manager', 'staff'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** What the team page and the invitation page read. */
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { manager: 'Gerente', staff: 'Personal' };

/** An invitation link works this long, once. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** The site page that opens an invitation; the token rides in the fragment (never sent to a server or a Referer). */
export const INVITATION_PAGE = '/invitacion';
export const invitationPath = (token: string) => `${INVITATION_PAGE}#${token}`;

const token = z.string().check(z.minLength(20, 'Invitación no válida'), z.maxLength(100, 'Invitación no válida'));

export const InvitationInput = z.strictObject({
  email: z.email('Escribe un correo válido'),
  role: z.enum(TEAM_ROLES, 'Elige «Gerente» o «Personal»'),
});

export const Invitation = z.object({
  id: z.string(),
  venueId: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.object({ id: z.string(), name: z.string() }),
});

/** The answer to creating one: the only time its link is shown (the server keeps a hash). */
export const CreatedInvitation = z.extend(Invitation, {
  token: z.string(),
  url: z.string(),
});

export const TeamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
});

export const Team = z.object({
  venueId: z.string(),
  members: z.array(TeamMember),
  /** Pending invitations (not used, not withdrawn, not expired), newest first. */
  invitations: z.array(Invitation),
});

export const InvitationLookupInput = z.strictObject({ token });

/** What the person who opens the link sees before accepting. */
export const InvitationPreview = z.object({
  venueId: z.string(),
  venueName: z.string(),
  role: z.enum(TEAM_ROLES),
  email: z.string(),
  expiresAt: z.string(),
  /** An account with this email exists: sign in to accept (else create one here). */
  accountExists: z.boolean(),
});

/**
 * Accept: signed in (bearer, the account's email must be the invitation's) with `{token}`, or
 * creating the account with `{token, name, password}` (the email is the invitation's).
 */
export const AcceptInvitationInput = z.strictObject({
  token,
  // Cleaned like every name people read (src/contract/text.ts): it is signed into the account's tokens.
  name: z.optional(
    z
      .string()
      .check(
        needsLetterOrDigit(),
        cleanLine(),
        z.minLength(1, 'Escribe tu nombre'),
        z.maxLength(80, 'Máximo 80 caracteres'),
      ),
  ),
  password: z.optional(
    z
      .string()
      .check(
        z.minLength(PASSWORD_MIN, `La contraseña necesita al menos ${PASSWORD_MIN} caracteres`),
        z.maxLength(PASSWORD_MAX, `Máximo ${PASSWORD_MAX} caracteres`),
      ),
  ),
});

export const AcceptedInvitation = z.object({
  venueId: z.string(),
  role: z.enum(TEAM_ROLES),
  email: z.string(),
  /** A new account was created (sign in with the email and the password just chosen). */
  created: z.boolean(),
  scope: z.array(z.string()),
});

export type InvitationInput = z.infer<typeof InvitationInput>;
export type Invitation = z.infer<typeof Invitation>;
export type CreatedInvitation = z.infer<typeof CreatedInvitation>;
export type TeamMember = z.infer<typeof TeamMember>;
export type Team = z.infer<typeof Team>;
export type InvitationPreview = z.infer<typeof InvitationPreview>;
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

/** The role a scope list gives at a venue (manager wins), or undefined. */
export function roleAt(scope: readonly string[], venueId: string): TeamRole | undefined {
  if (scope.includes(managerScope(venueId))) return 'manager';
  if (scope.includes(staffScope(venueId))) return 'staff';
  return undefined;
}
