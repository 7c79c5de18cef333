import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { AppError } from '../../http/errors';
import { Envelope, ok } from '../../http/envelope';
import { ReplyCode } from '../../../src/runtime/codes';
import { formFieldsOf } from '../../../src/runtime/flow';
import { graphAt } from './versions';
import { mayInitiate } from './transitions';

const tags = ['flow'];

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
      fields: formFieldsOf(graph),
    });
  });
};
