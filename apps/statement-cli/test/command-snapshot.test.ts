import { join } from 'node:path';
import { Config } from '@oclif/core';
import { describeCommandSnapshot } from '../../../scripts/command-snapshot';

const root = join(__dirname, '..');
describeCommandSnapshot(
  'stmt',
  root,
  async () => (await Config.load(root)).commands,
  'pnpm -F @stmt/cli snapshot:commands',
);
