/** `npm run replay-endpoint -- --data ../shared/data/mmlu-pro-tigerlab [--port 8089] [--latency MS] [--no-usage]` (src/cli/replayEndpoint.ts). */
import { parseArgs } from 'node:util';
import { startReplayEndpoint } from '../src/cli/replayEndpoint';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '8089' },
    latency: { type: 'string', default: '0' },
    'no-usage': { type: 'boolean', default: false },
  },
});
if (!values.data) {
  console.error('usage: npm run replay-endpoint -- --data DATA_FOLDER [--port N] [--latency MS] [--no-usage]');
  process.exit(2);
}
const endpoint = await startReplayEndpoint({ data: values.data, port: Number(values.port), latencyMs: Number(values.latency), noUsage: values['no-usage'] });
console.log(`replay endpoint: ${endpoint.url} (${endpoint.prompts} prompts; models: ${endpoint.models.join(', ')})`);
