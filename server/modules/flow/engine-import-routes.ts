import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { audit } from '../../audit/record';
import { refuse } from '../../http/errors';
import { Envelope, ok } from '../../http/envelope';
import { checkModel, checkTemplate, freeEngineCode } from './engine-store';
import { readFlowFile } from './engine-import';
import { createEngine } from './versions';

/**
 * POST /Engine/FlowEngine/Actions/Import (multipart: field file, a product template; optional
 * fields fullName, enCode, category, modelId): a new engine as version 1. A taken code gets _2,
 * _3 … as online development's import does; a template that cannot run is refused as on create.
 * Its own plugin: only the import takes an upload, so multipart stays inside it.
 */
const manage = { access: { permission: 'workflow.engine:manage' as const } };
/** The largest corpus template is a few kilobytes; an exported row with its form a few hundred. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const CODE = /^[A-Za-z][A-Za-z0-9_.-]*$/;

export const flowEngineImportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 6, parts: 7 } });

  app.post('/Engine/FlowEngine/Actions/Import', {
    config: manage,
    schema: {
      tags: ['flow'], summary: 'Imports a product flow template (multipart field file: the start node, or an exported flow_engine row with F_FlowTemplateJson); fields fullName, enCode, category, modelId optional; a taken code gets a suffix',
      consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Object({ id: Type.String(), enCode: Type.String(), fullName: Type.String() })) },
    },
  }, async (request) => {
    if (!request.isMultipart()) throw refuse('flowAdmin.importFileRequired');
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; name: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        try {
          file = { bytes: await part.toBuffer(), name: part.filename ?? 'flow.json' };
        } catch {
          throw refuse('flowAdmin.importTooLarge', { size: MAX_FILE_BYTES / 1024 / 1024 });
        }
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
    }
    if (!file) throw refuse('flowAdmin.importFileRequired');
    const read = readFlowFile(file.bytes, file.name);
    const template = checkTemplate(request, read.template);
    const wanted = fields.enCode && CODE.test(fields.enCode) ? fields.enCode.slice(0, 44) : read.enCode;
    const enCode = await freeEngineCode(db, wanted);
    const input = {
      enCode, fullName: (fields.fullName || read.fullName).slice(0, 50), category: (fields.category || read.category)?.slice(0, 50) ?? null,
      modelId: await checkModel(db, fields.modelId || null), description: read.description, sortCode: 0, enabledMark: 1,
    };
    const id = await createEngine(db, { ...input, template, by: principalOf(request).user.id }, (trx, id) => audit(trx, request, { entity: 'flowEngine', entityId: id, action: 'create', after: { ...input, version: 1 } }));
    const message = enCode === wanted ? request.t('flowAdmin.imported') : request.t('flowAdmin.importedRenamed', { wanted, code: enCode });
    return ok({ id, enCode, fullName: input.fullName }, message);
  });
};
