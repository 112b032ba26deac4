/**
 * A worker thread for worker-pool.test.ts, served by the real bootstrap (worker-bootstrap.ts): it echoes,
 * streams, throws, hangs or dies on request, and says which thread answered.
 */
import { threadId } from 'node:worker_threads';
import { z } from 'zod';
import { poolPort, serveRequests } from '../worker-bootstrap';

export const EchoRequestSchema = z.object({
  id: z.number().int(),
  op: z.enum(['echo', 'throw', 'hang', 'die']),
  text: z.string().default(''),
  /** Replies of type `part` before the last one. */
  parts: z.number().int().min(0).default(0),
  delayMs: z.number().int().min(0).default(0),
});
export type EchoRequest = z.infer<typeof EchoRequestSchema>;
export type EchoReply =
  | { id: number; type: 'part'; n: number }
  | { id: number; type: 'done'; text: string; thread: number }
  | { id: number; type: 'error'; message: string };

const port = poolPort('echo-worker');
const reply = (r: EchoReply) => port.postMessage(r);

serveRequests({
  name: 'echo-worker',
  schema: EchoRequestSchema,
  handle: async (req) => {
    if (req.op === 'throw') throw new Error(`asked to throw: ${req.text}`);
    if (req.op === 'die') process.exit(3); // in a worker thread: ends this thread only
    if (req.op === 'hang') for (;;); // a runaway decoder: nothing but terminate() stops it
    for (let n = 0; n < req.parts; n++) reply({ id: req.id, type: 'part', n });
    if (req.delayMs > 0) await new Promise((r) => setTimeout(r, req.delayMs));
    reply({ id: req.id, type: 'done', text: req.text, thread: threadId });
  },
});
