/** The tables feature's API operations (server/platform/operations.ts): each is its route's validation and its OpenAPI entry. */
import { TableSettingsInput } from '../../../src/contract/floor.ts';
import { operation } from '../../platform/operations.ts';
import { idParam, json, problemResponse } from '../../platform/openapi.ts';

const tags = ['manage'];

export const listTables = operation({
  method: 'get',
  path: '/venues/{id}/tables',
  operationId: 'listTables',
  tags,
  access: 'bearer',
  summary:
    "The venue's tables with their public links `{site}/{id}?mesa={label}&t={token}` and their zones («Terraza»), in the venue's order (staff or manager of the venue)",
  parameters: [idParam('id', 'Venue id')],
  responses: {
    200: json('TableList', 'Tables'),
    403: problemResponse('Not staff or manager of this venue'),
    404: problemResponse('No such venue'),
  },
});

export const rotateTableToken = operation({
  method: 'post',
  path: '/venues/{id}/tables/{label}/token',
  operationId: 'rotateTableToken',
  tags,
  access: 'bearer',
  summary: 'New random token for a table (manager of the venue): its old link stops opening the table',
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  responses: {
    200: json('TableLink', "The table's new link"),
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse('No such venue or table'),
  },
});

export const setTableSettings = operation({
  method: 'put',
  path: '/venues/{id}/tables/{label}',
  operationId: 'setTableSettings',
  tags,
  access: 'bearer',
  summary:
    "A table's zone on the floor («Terraza», «Sala»; `null` for none), cleaned like other manager text (manager of the venue)",
  parameters: [idParam('id', 'Venue id'), idParam('label', 'Table label')],
  body: TableSettingsInput,
  responses: {
    200: json('TableLink', 'The table with its link and zone'),
    403: problemResponse('Not a manager of this venue'),
    404: problemResponse('No such venue or table'),
    422: problemResponse('Bad zone (1 to 40 characters, with a letter or digit)'),
  },
});
