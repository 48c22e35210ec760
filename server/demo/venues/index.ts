import type { Venue } from '../../../src/contract/venue.ts';
import { taqueriaElGuero } from './taqueria-el-guero.ts';
import { cafeLaMacarena } from './cafe-la-macarena.ts';
import { barElCabanyal } from './bar-el-cabanyal.ts';

export const DEMO_VENUES: Venue[] = [taqueriaElGuero, cafeLaMacarena, barElCabanyal];
