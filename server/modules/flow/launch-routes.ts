import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { AppError } from '../../http/errors';
import { Envelope, ok } from '../../http/envelope';
import { ReplyCode } from '../../../src/runtime/codes';
import type { FlowGraph } from '../../../src/runtime/flow';
import { graphAt } from './versions';
import { mayInitiate } from './transitions';

const tags = ['flow'];
/** Fields the flow itself fills (title, urgency) or the record's keys: never form inputs. */
const NOT_FORM_FIELDS = new Set(['id', 'flowId', 'flowTitle', 'flowUrgent']);

/**
 * A template's own field list, for engines without a form model: the fields its approver nodes'
 * formOperates name, in template order, each once.
 */
export function templateFields(graph: FlowGraph): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const nodeId of graph.approvers) {
    const operates = graph.nodes[nodeId]!.properties.formOperates;
    if (!Array.isArray(operates)) continue;
    for (const o of operates as { id?: unknown; name?: unknown }[]) {
      if (typeof o?.id !== 'string' || !o.id || NOT_FORM_FIELDS.has(o.id) || seen.has(o.id)) continue;
      seen.set(o.id, typeof o.name === 'string' && o.name ? o.name : o.id);
    }
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

const Launch = Type.Object({
  id: Type.String(), fullName: Type.String(), category: Type.Union([Type.String(), Type.Null()]), modelId: Type.Union([Type.String(), Type.Null()]),
  template: Type.Record(Type.String(), Type.Unknown()),
  fields: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

/**
 * What the launch page needs to start a flow (issue 16 item 2): the engine's current template
 * (the page walks it to preview the path), its form model or, without one, the template's own
 * fields. Only enabled engines the caller may start (the start node's initiator rules; others
 * are refused as the start itself would be).
 */
export const flowLaunchRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/Engine/FlowEngine/:id/Launch', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'What the launch page needs: the current template, the form model or the template’s fields', params: Type.Object({ id: Type.String({ maxLength: 50 }) }), response: { 200: Envelope(Launch) } },
  }, async (request) => {
    const engine = await db.selectFrom('flowEngine').select(['id', 'fullName', 'category', 'modelId', 'version', 'templateJson']).where('id', '=', request.params.id).where('enabledMark', '=', 1).executeTakeFirst();
    if (!engine) throw new AppError(ReplyCode.notFound, 'flow.engineNotFound');
    const graph = await graphAt(db, engine.id, engine.version);
    await mayInitiate(db, graph, principalOf(request).user.id);
    return ok({
      id: engine.id, fullName: engine.fullName, category: engine.category, modelId: engine.modelId,
      template: JSON.parse(engine.templateJson) as Record<string, unknown>,
      fields: templateFields(graph),
    });
  });
};
