import { z } from 'zod';
import { ChangeSchema, ChangedBySchema, type Change } from '../../shared/platform/events';
import type { ClaimRegistry } from '../cases/claim-registry';
import { exampleChange } from '../events/change-factory';
import type { EventLog } from '../events/event-log';
import type { FaultController } from '../faults/fault-controller';
import { FaultsSchema } from '../faults/fault-controller';
import { readJson, sendJson, sendProblem } from '../http/http-io';
import type { RequestContext, RouteTable } from '../http/route-table';
import type { UploadStore } from '../inbox/upload-store';
import type { Faults } from '../sandbox-types';

export interface SandboxStats {
  /** Requests to /connect/token, answered or not. */
  tokenRequests: number;
  /** Uploads stored since this sandbox started. */
  uploads: number;
  /** Uploads in the data dir (including earlier runs). */
  storedUploads: number;
}

/** Either a kind (the sandbox makes up a plausible change) or explicit changes. */
const CaseChangeRequestSchema = z.union([
  z.strictObject({ kind: z.string().min(1), changedBy: ChangedBySchema.optional() }),
  z.strictObject({ changes: z.array(ChangeSchema).min(1), changedBy: ChangedBySchema.optional() }),
]);

export interface AdminDeps {
  faults: FaultController;
  applyFaults: (f: Faults) => void;
  clearFaults: () => void;
  uploads: UploadStore;
  claims: ClaimRegistry;
  events: EventLog;
  stats: () => SandboxStats;
}

/** Sandbox-only routes under /__sandbox: no auth, loopback callers only. */
export function addAdminRoutes(routes: RouteTable, deps: AdminDeps): void {
  routes
    .add('GET', '/__sandbox/faults', (ctx) => {
      if (guard(ctx)) sendJson(ctx.res, 200, deps.faults.snapshot());
    })
    .add('DELETE', '/__sandbox/faults', (ctx) => {
      if (!guard(ctx)) return;
      deps.clearFaults();
      sendJson(ctx.res, 200, {});
    })
    .add('POST', '/__sandbox/faults', async (ctx) => {
      if (!guard(ctx)) return;
      const body = await readJson(ctx.req);
      if (!body.ok) return sendProblem(ctx.res, 400, 'invalid_json', 'the body is not JSON');
      const parsed = FaultsSchema.safeParse(body.value);
      if (!parsed.success) {
        return sendProblem(
          ctx.res,
          400,
          'invalid_faults',
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      }
      deps.applyFaults(parsed.data as Faults);
      sendJson(ctx.res, 200, deps.faults.snapshot());
    })
    .add('GET', '/__sandbox/uploads', (ctx) => {
      if (guard(ctx)) sendJson(ctx.res, 200, deps.uploads.list());
    })
    .add('GET', '/__sandbox/stats', (ctx) => {
      if (guard(ctx)) sendJson(ctx.res, 200, deps.stats());
    })
    // Whether the sandbox has a claim with this case number (any case): the check before queuing asks it,
    // since the platform's spec has no case lookup (electron/core/cases/metadata-check.ts).
    .add('GET', '/__sandbox/cases/{caseNumber}', (ctx) => {
      if (!guard(ctx)) return;
      const claim = deps.claims.byCaseNumber(ctx.params['caseNumber'] ?? '');
      if (!claim) return sendProblem(ctx.res, 404, 'case_not_found', `no case ${ctx.params['caseNumber'] ?? ''}`);
      sendJson(ctx.res, 200, { caseNumber: claim.caseNumber, claimId: claim.claimId });
    })
    .add('POST', '/__sandbox/cases/{caseNumber}/changes', async (ctx) => {
      if (!guard(ctx)) return;
      const claim = deps.claims.byCaseNumber(ctx.params['caseNumber'] ?? '');
      if (!claim) return sendProblem(ctx.res, 404, 'case_not_found', `no case ${ctx.params['caseNumber'] ?? ''}`);
      const body = await readJson(ctx.req);
      if (!body.ok) return sendProblem(ctx.res, 400, 'invalid_json', 'the body is not JSON');
      const parsed = CaseChangeRequestSchema.safeParse(body.value);
      if (!parsed.success) {
        return sendProblem(
          ctx.res,
          400,
          'invalid_change',
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      }
      let changes: Change[];
      if ('kind' in parsed.data) {
        const example = exampleChange(parsed.data.kind, claim);
        deps.claims.update(claim, example.update);
        changes = [example.change];
      } else {
        changes = parsed.data.changes;
      }
      const changedBy = parsed.data.changedBy ?? {
        type: 'user' as const,
        fullName: 'Sandbox Admin',
        username: 'sandbox-admin',
      };
      const logged = deps.events.record('CaseChanged', claim, changes, changedBy);
      sendJson(ctx.res, 201, logged);
    });
}

/** The sandbox binds 127.0.0.1 only; this double-checks the peer in case that ever changes. */
export function guard(ctx: RequestContext): boolean {
  const peer = ctx.req.socket.remoteAddress ?? '';
  if (peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1') return true;
  sendProblem(ctx.res, 403, 'forbidden', 'sandbox admin routes answer loopback callers only');
  return false;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/__sandbox' || pathname.startsWith('/__sandbox/');
}
