/** The team feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { AcceptInvitationInput, InvitationInput, InvitationLookupInput } from '../../../src/contract/team.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['team'];
const venueParam = idParam('id', 'Venue id');
const notFound = problemResponse('No such venue');
const notManager = problemResponse('Not a manager of this venue nor an admin');
const invalidInvitation = problemResponse('Unknown, used, withdrawn or expired invitation (type invitation-invalid)');

export const getTeam = operation({
  method: 'get',
  path: '/venues/{id}/team',
  operationId: 'getTeam',
  tags,
  access: 'bearer',
  summary:
    'Who holds manager:{id} or staff:{id} (role manager wins when both), and the pending invitations (manager of the venue or admin; staff get 403)',
  parameters: [venueParam],
  responses: { 200: json('Team', 'The team'), 403: notManager, 404: notFound },
});

export const removeTeamMember = operation({
  method: 'delete',
  path: '/venues/{id}/team/{userId}',
  operationId: 'removeTeamMember',
  tags,
  access: 'bearer',
  summary:
    'Take manager:{id} and staff:{id} away from a member (manager of the venue or admin). Access tokens already issued keep their scope until they expire: the change reaches the person at their next token refresh at the latest',
  parameters: [venueParam, idParam('userId', 'Account id')],
  responses: {
    204: { description: 'Removed' },
    403: problemResponse('Not a manager of this venue, or removing oneself'),
    404: problemResponse('No such venue, or not a member of its team'),
  },
});

export const createInvitation = operation({
  method: 'post',
  path: '/venues/{id}/invitations',
  operationId: 'createInvitation',
  tags,
  access: 'bearer',
  summary:
    'Invite a person by email as manager or staff (manager of the venue or admin). Answers the one-time link (valid 7 days), shown only now: the server keeps a hash and sends no e-mail',
  parameters: [venueParam],
  body: InvitationInput,
  responses: {
    201: json('CreatedInvitation', 'The invitation and its link `{site}/invitacion#{token}`'),
    403: problemResponse(
      'Not a manager of this venue nor an admin, or role `admin` (nobody is made an admin from a venue)',
    ),
    404: notFound,
  },
});

export const withdrawInvitation = operation({
  method: 'delete',
  path: '/venues/{id}/invitations/{invitationId}',
  operationId: 'withdrawInvitation',
  tags,
  access: 'bearer',
  summary: 'Withdraw a pending invitation (manager of the venue or admin): its link stops working',
  parameters: [venueParam, idParam('invitationId', 'Invitation id')],
  responses: {
    204: { description: 'Withdrawn' },
    403: notManager,
    404: problemResponse('No such venue or pending invitation'),
  },
});

export const lookupInvitation = operation({
  method: 'post',
  path: '/invitations/lookup',
  operationId: 'lookupInvitation',
  tags,
  access: 'public',
  summary:
    'What an invitation link offers (venue, role, email, whether an account with that email exists), for whoever holds its token',
  body: InvitationLookupInput,
  responses: { 200: json('InvitationPreview', 'The invitation'), 404: invalidInvitation },
});

export const acceptInvitation = operation({
  method: 'post',
  path: '/invitations/accept',
  operationId: 'acceptInvitation',
  tags,
  access: 'bearer-optional',
  summary:
    "Use an invitation once. Signed in (bearer): the account, whose email must be the invitation's, receives the scope (refresh the token to carry it). Not signed in: `name` and `password` (at least 8 characters) create the account with the invitation's email and scope; then sign in with them",
  body: AcceptInvitationInput,
  responses: {
    200: json('AcceptedInvitation', 'Accepted by the signed-in account'),
    201: json('AcceptedInvitation', 'Account created with the scope'),
    401: problemResponse('A bearer token was sent and is not valid'),
    403: problemResponse("The signed-in account's email is not the invitation's"),
    404: invalidInvitation,
    409: problemResponse(
      'Not signed in and an account with this email exists: sign in to accept (type account-exists)',
    ),
    422: problemResponse('Bad body, or no bearer and `name`/`password` missing (`errors`)'),
  },
});
