// Shared test helpers of the workspace (private, never published). Tests import them as
// `@fin/test-utils`; nothing here is part of any package's public API.
export * from './chromium';
export * from './command-snapshot';
export * from './embedded-api';
export * from './fake-chat-server';
export * from './instruments';
export * from './random';
export * from './redis-server';
export * from './scratch-folder';
export * from './scratch-postgres';
export * from './silent-server';
export * from './statement-rows';
export * from './statement-fuzz/fixtures';
export * from './statement-fuzz/mutations';
export * from './webhook-receiver';
