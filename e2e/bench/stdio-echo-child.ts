/**
 * The smallest stdio MCP-shaped server for the tap figures: each JSON-RPC request line on stdin gets one response line
 * on stdout at once (`result` echoing the size of what came), so a round trip measures the pipes and whatever sits in
 * them, not a server's work.
 */
import { createInterface } from 'node:readline';

createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  const id = /"id":(\d+)/.exec(line)?.[1];
  if (id !== undefined) process.stdout.write(`{"jsonrpc":"2.0","id":${id},"result":{"bytes":${line.length}}}\n`);
});
