import type { Venue } from '../../../src/contract/venue.ts';
import { taqueriaElGuero } from './taqueria-el-guero.ts';
import { cafeLaMacarena } from './cafe-la-macarena.ts';
import { barElCabanyal } from './bar-el-cabanyal.ts';
import { CABANYAL_CA, CABANYAL_EN, TAQUERIA_EN, withTranslation } from './translations.ts';
import { CABANYAL_EN_DETAILS } from './cabanyal-en.ts';

export const DEMO_VENUES: Venue[] = [
  withTranslation(taqueriaElGuero, 'en', TAQUERIA_EN),
  cafeLaMacarena,
  withTranslation(withTranslation(barElCabanyal, 'en', { ...CABANYAL_EN, ...CABANYAL_EN_DETAILS }), 'ca', CABANYAL_CA),
];
