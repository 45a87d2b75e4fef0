import { describeFixtures } from '../../test/support/fixture-suite';

// OFX fixtures against their expected records, whole and in tiny chunks. Regenerate on purpose:
//   UPDATE_EXPECTED=1 pnpm run jest packages/stmt-parser/src/ofx/fixtures.test.ts
describeFixtures('ofx', '.ofx');
