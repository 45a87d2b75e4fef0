import type { CsvProfile } from '../profile';
import { chaseCardProfile } from './chase';
import { dkbProfile } from './dkb';
import { ingNlProfile } from './ing-nl';
import { monzoProfile } from './monzo';
import { revolutLegacyProfile, revolutProfile } from './revolut';
import { revolutCryptoProfile, revolutInvestmentProfile } from './revolut-investment';
import { selmaProfile, visaDebitFrProfile, visecaProfile } from './swiss';

/** The profiles that ship with the parser, in detection order (the most specific match wins anyway). */
export const SHIPPED_PROFILES: readonly CsvProfile[] = [
  revolutProfile,
  revolutLegacyProfile,
  revolutInvestmentProfile,
  revolutCryptoProfile,
  selmaProfile,
  visaDebitFrProfile,
  visecaProfile,
  dkbProfile,
  ingNlProfile,
  monzoProfile,
  chaseCardProfile,
];
