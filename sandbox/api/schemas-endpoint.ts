import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import { sendJson, sendProblem } from '../http/http-io';
import type { RequestContext } from '../http/route-table';
import { INPUT_SCHEMAS, OUTPUT_SCHEMAS } from '../seed/case-schemas';

/** GET /api/Schemas/{input|output}/{key}; unknown key → 404 schema_not_found. */
export async function handleSchema(
  ctx: RequestContext,
  tokens: AccessTokens,
  direction: 'input' | 'output',
): Promise<void> {
  if (!(await requireBearer(ctx, tokens, 'case_integration'))) return;
  const key = ctx.params['key'] ?? '';
  const schema = (direction === 'input' ? INPUT_SCHEMAS : OUTPUT_SCHEMAS)[key];
  if (!schema) {
    const known = Object.keys(direction === 'input' ? INPUT_SCHEMAS : OUTPUT_SCHEMAS).join(', ');
    return sendProblem(ctx.res, 404, 'schema_not_found', `no ${direction} schema "${key}" (known: ${known})`);
  }
  sendJson(ctx.res, 200, schema);
}
