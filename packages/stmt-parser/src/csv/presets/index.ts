import type { CsvProfile } from '../profile';
import { barclaysProfile } from './barclays';
import { chaseCardProfile } from './chase';
import { commerzbankProfile } from './commerzbank';
import { dkbProfile } from './dkb';
import { ingDeProfile } from './ing-de';
import { ingNlProfile } from './ing-nl';
import { monzoProfile } from './monzo';
import { n26Profile } from './n26';
import { rabobankProfile } from './rabobank';
import { revolutLegacyProfile, revolutProfile } from './revolut';
import { revolutCryptoProfile, revolutInvestmentProfile } from './revolut-investment';
import { sparkasseProfile } from './sparkasse';
import { starlingProfile } from './starling';
import { selmaProfile, visaDebitFrProfile, visecaProfile } from './swiss';
import { bankOfAmericaProfile, capitalOneProfile } from './us-banks';
import { wiseProfile } from './wise';

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
  sparkasseProfile,
  ingDeProfile,
  commerzbankProfile,
  n26Profile,
  rabobankProfile,
  barclaysProfile,
  starlingProfile,
  bankOfAmericaProfile,
  capitalOneProfile,
  wiseProfile,
];
