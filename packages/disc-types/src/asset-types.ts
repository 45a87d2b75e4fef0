/** The asset types discovery covers: the one list the libraries, the API and its docs use. */
export const ASSET_TYPES = Object.freeze(['etf', 'stock', 'crypto'] as const);
export type AssetType = (typeof ASSET_TYPES)[number];

/** Whether a value names a supported asset type. */
export function isAssetType(value: unknown): value is AssetType {
  return typeof value === 'string' && (ASSET_TYPES as readonly string[]).includes(value);
}

/** What a user reads when an asset type is not supported (InvalidAssetTypeError, the API's
 * 400 INVALID_ASSET_TYPE). */
export function unsupportedAssetTypeMessage(provided: string): string {
  return `Unsupported asset type '${provided}'. Supported types: ${ASSET_TYPES.join(', ')}.`;
}
