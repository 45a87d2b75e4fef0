import { join } from 'node:path';
import { Config } from '@oclif/core';
import { describeCommandSnapshot } from '../../../scripts/command-snapshot';

const root = join(__dirname, '..');
describeCommandSnapshot(
  'discovery-api',
  root,
  async () => (await Config.load(root)).commands,
  'UPDATE_COMMANDS=1 pnpm jest apps/discovery-api/test/command-snapshot.test.ts',
);
