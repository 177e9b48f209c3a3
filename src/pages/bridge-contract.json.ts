/**
 * /bridge-contract.json: the bridge contract as JSON Schema, generated at build time from the schemas
 * the pages use (src/lib/bridge/json-schema.ts), for the host app's team (docs/bridge.md).
 */
import { bridgeContractSchema } from '../lib/bridge/json-schema';

export const GET = () => new Response(`${JSON.stringify(bridgeContractSchema(), null, 2)}\n`, { headers: { 'content-type': 'application/json' } });
