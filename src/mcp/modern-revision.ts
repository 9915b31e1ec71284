/**
 * The revision of the modern era this server speaks. Apart from the SDK 2.x modules, which load
 * with the first request that needs them (mcp/server.ts, http/mcp/era.ts).
 */
export const modernRevision = '2026-07-28';
