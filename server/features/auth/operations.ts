/** The auth feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { LoginInput, RefreshInput, SocialTokenInput } from '../../../src/contract/auth.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, jsonBodyErrors, problemResponse } from '../../platform/openapi.ts';

const tags = ['auth'];

export const login = operation({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  tags,
  access: 'public',
  summary: 'Sign in with email and password (rate-limited: 429 with Retry-After)',
  body: LoginInput,
  responses: {
    200: json('TokenPair', 'Token pair'),
    401: problemResponse('Wrong credentials'),
    429: problemResponse('Too many failed attempts'),
  },
});

export const refreshToken = operation({
  method: 'post',
  path: '/auth/refresh',
  operationId: 'refreshToken',
  tags,
  access: 'public',
  summary: 'Rotate a refresh token; reusing one revokes its whole family (type token-reused)',
  body: RefreshInput,
  responses: { 200: json('TokenPair', 'New pair'), 401: problemResponse('Invalid, expired or reused refresh token') },
});

/** The body is optional, so it is documented here and read by the handler (`LogoutInput` in routes.ts). */
export const logout = operation({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  tags,
  access: 'bearer',
  summary: 'Revoke the refresh-token family (body `{refresh_token}` optional; without it, every session of the user)',
  requestBody: {
    required: false,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          additionalProperties: false,
          properties: { refresh_token: { type: 'string', maxLength: 500 } },
        },
      },
    },
  },
  responses: { 204: { description: 'Signed out' }, ...jsonBodyErrors },
});

export const getUser = operation({
  method: 'get',
  path: '/auth/user',
  operationId: 'getUser',
  tags,
  access: 'bearer',
  summary: 'The signed-in user',
  responses: { 200: json('UserResponse', 'User') },
});

const providerParam = idParam('provider', 'Provider', { type: 'string', enum: ['google', 'demo'] });

export const startSocialLogin = operation({
  method: 'get',
  path: '/auth/social/{provider}/start',
  operationId: 'startSocialLogin',
  tags,
  access: 'public',
  summary: 'Start an OpenID Connect sign-in (browser navigation): redirects to the provider',
  parameters: [
    providerParam,
    {
      name: 'code_challenge',
      in: 'query',
      required: true,
      description: 'PKCE S256 challenge of the browser',
      schema: { type: 'string' },
    },
    { name: 'code_challenge_method', in: 'query', required: false, schema: { type: 'string', enum: ['S256'] } },
  ],
  responses: {
    302: {
      description: "To the provider's sign-in page (or back to `/login?error=…` when the provider is unavailable)",
      headers: { Location: { schema: { type: 'string' } } },
    },
    400: problemResponse('Missing or invalid PKCE challenge'),
    404: problemResponse('Unknown or unconfigured provider'),
  },
});

export const finishSocialLogin = operation({
  method: 'get',
  path: '/auth/social/{provider}/callback',
  operationId: 'finishSocialLogin',
  tags,
  access: 'public',
  summary: 'The provider sends the browser back here; redirects to `/login?code=…` (one-time code) or `/login?error=…`',
  parameters: [
    providerParam,
    { name: 'state', in: 'query', required: false, schema: { type: 'string' } },
    { name: 'code', in: 'query', required: false, schema: { type: 'string' } },
  ],
  responses: {
    302: { description: "Back to the site's `/login`", headers: { Location: { schema: { type: 'string' } } } },
    404: problemResponse('Unknown or unconfigured provider'),
  },
});

export const exchangeSocialCode = operation({
  method: 'post',
  path: '/auth/social/token',
  operationId: 'exchangeSocialCode',
  tags,
  access: 'public',
  summary: 'Exchange a one-time social-login code (PKCE) for a token pair',
  body: SocialTokenInput,
  responses: {
    200: json('TokenPair', 'Token pair'),
    400: problemResponse('Invalid or expired code, or malformed JSON'),
  },
});
