/**
 * The OpenAPI paths of this feature's operations, written by hand beside its routes: each
 * becomes an `operation()` next to its route (server/platform/operations.ts) and leaves this file.
 */
import { json, problemResponse, body, PUBLIC, idParam, jsonBodyErrors, signedIn } from '../../platform/openapi.ts';

export const openApiPaths = {
  '/venues/{id}/team': {
    get: {
      operationId: 'getTeam', tags: ['team'],
      summary: 'Who holds manager:{id} or staff:{id} (role manager wins when both), and the pending invitations (manager of the venue or admin; staff get 403)',
      parameters: [idParam('id', 'Venue id')],
      responses: { 200: json('Team', 'The team'), ...signedIn, 403: problemResponse('Not a manager of this venue nor an admin'), 404: problemResponse('No such venue') },
    },
  },
  '/venues/{id}/team/{userId}': {
    delete: {
      operationId: 'removeTeamMember', tags: ['team'],
      summary: 'Take manager:{id} and staff:{id} away from a member (manager of the venue or admin). Access tokens already issued keep their scope until they expire: the change reaches the person at their next token refresh at the latest',
      parameters: [idParam('id', 'Venue id'), idParam('userId', 'Account id')],
      responses: { 204: { description: 'Removed' }, ...signedIn, 403: problemResponse('Not a manager of this venue, or removing oneself'), 404: problemResponse('No such venue, or not a member of its team') },
    },
  },
  '/venues/{id}/invitations': {
    post: {
      operationId: 'createInvitation', tags: ['team'],
      summary: 'Invite a person by email as manager or staff (manager of the venue or admin). Answers the one-time link (valid 7 days), shown only now: the server keeps a hash and sends no e-mail',
      parameters: [idParam('id', 'Venue id')],
      requestBody: body('InvitationInput'),
      responses: {
        201: json('CreatedInvitation', 'The invitation and its link `{site}/invitacion#{token}`'),
        ...signedIn,
        403: problemResponse('Not a manager of this venue nor an admin, or role `admin` (nobody is made an admin from a venue)'),
        404: problemResponse('No such venue'),
        ...jsonBodyErrors,
      },
    },
  },
  '/venues/{id}/invitations/{invitationId}': {
    delete: {
      operationId: 'withdrawInvitation', tags: ['team'],
      summary: 'Withdraw a pending invitation (manager of the venue or admin): its link stops working',
      parameters: [idParam('id', 'Venue id'), idParam('invitationId', 'Invitation id')],
      responses: { 204: { description: 'Withdrawn' }, ...signedIn, 403: problemResponse('Not a manager of this venue nor an admin'), 404: problemResponse('No such venue or pending invitation') },
    },
  },
  '/invitations/lookup': {
    post: {
      operationId: 'lookupInvitation', tags: ['team'], security: PUBLIC,
      summary: 'What an invitation link offers (venue, role, email, whether an account with that email exists), for whoever holds its token',
      requestBody: body('InvitationLookupInput'),
      responses: { 200: json('InvitationPreview', 'The invitation'), 404: problemResponse('Unknown, used, withdrawn or expired invitation (type invitation-invalid)'), ...jsonBodyErrors },
    },
  },
  '/invitations/accept': {
    post: {
      operationId: 'acceptInvitation', tags: ['team'], security: [{}, { bearer: [] }],
      summary: 'Use an invitation once. Signed in (bearer): the account, whose email must be the invitation\'s, receives the scope (refresh the token to carry it). Not signed in: `name` and `password` (at least 8 characters) create the account with the invitation\'s email and scope; then sign in with them',
      requestBody: body('AcceptInvitationInput'),
      responses: {
        200: json('AcceptedInvitation', 'Accepted by the signed-in account'),
        201: json('AcceptedInvitation', 'Account created with the scope'),
        ...jsonBodyErrors,
        401: problemResponse('A bearer token was sent and is not valid'),
        403: problemResponse('The signed-in account\'s email is not the invitation\'s'),
        404: problemResponse('Unknown, used, withdrawn or expired invitation (type invitation-invalid)'),
        409: problemResponse('Not signed in and an account with this email exists: sign in to accept (type account-exists)'),
        422: problemResponse('Bad body, or no bearer and `name`/`password` missing (`errors`)'),
      },
    },
  },
};
