import type { Venue } from '../../../src/contract/venue.ts';
import { taqueriaElGuero } from './taqueria-el-guero.ts';

export const DEMO_VENUES: Venue[] = [taqueriaElGuero];
