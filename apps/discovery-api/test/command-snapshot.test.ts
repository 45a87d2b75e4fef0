import { join } from 'node:path';
import { Config } from '@oclif/core';
import { describeCommandSnapshot } from '@fin/test-utils';

describeCommandSnapshot(
  'discovery-api',
  join(__dirname, '..'),
  Config,
  'UPDATE_COMMANDS=1 pnpm jest apps/discovery-api/test/command-snapshot.test.ts',
);
