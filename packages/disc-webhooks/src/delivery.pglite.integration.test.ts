import { openPglite } from '../test/support/databases';
import { deliverySuite } from '../test/support/delivery-suite';

describe('webhook delivery on PGlite', () => {
  deliverySuite(() => openPglite());
});
