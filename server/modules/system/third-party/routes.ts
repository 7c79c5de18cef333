import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db';
import { EmptyEnvelope, Envelope, done, ok } from '../../../http/envelope';
import { refuse } from '../../../http/errors';
import { openDingTalk, openWeCom } from './services';
import { settingsFor, type TestBody } from './settings';
import { DATA_TYPE, pushOrganizes, pushUsers, synTotals, THIRD_TYPE, type TFunction } from './sync';

const tags = ['system'];

const Totals = Type.Object({
  synType: Type.Integer({ description: '1 organisations, 2 users' }),
  recordTotal: Type.Integer(),
  synSuccessCount: Type.Integer(),
  synFailCount: Type.Integer(),
  unSynCount: Type.Integer(),
  synDate: Type.Union([Type.Number(), Type.Null()], { description: 'epoch ms of the last push' }),
});

const TestConfig = Type.Object(
  {
    dingSynUrl: Type.Optional(Type.String({ maxLength: 500 })),
    dingSynAppKey: Type.Optional(Type.String({ maxLength: 200 })),
    dingSynAppSecret: Type.Optional(Type.String({ maxLength: 500 })),
    qyhUrl: Type.Optional(Type.String({ maxLength: 500 })),
    qyhCorpId: Type.Optional(Type.String({ maxLength: 200 })),
    qyhCorpSecret: Type.Optional(Type.String({ maxLength: 500 })),
    qyhAgentSecret: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true, description: "the configuration screen's values, saved or not; a secret left empty means the stored one" },
);

// The product's `type` of a push: 0 = from this system to the service, the only direction there is.
const PushQuery = Type.Object({ type: Type.Optional(Type.String({ pattern: '^0?$', description: '0: this system → the service' })) });

/**
 * One push of one kind at a time per service and process: two concurrent pushes would both
 * create what the service does not have yet, twice.
 */
const running = new Set<string>();
async function once<T>(key: string, work: () => Promise<T>): Promise<T> {
  if (running.has(key)) throw refuse('synThird.busy');
  running.add(key);
  try {
    return await work();
  } finally {
    running.delete(key);
  }
}

/**
 * The two workplace-messaging services (spec 7.16): connection tests and pushing every
 * organisation or user to DingTalk or WeCom, as real HTTP calls to the configured addresses.
 */
export const synThirdRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, opts) => {
  const db = opts.db;

  app.post(
    '/SysConfig/testDingTalkConnect',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: { tags, summary: "Test DingTalk: ask its token with the screen's app key and secret", body: TestConfig, response: { 200: EmptyEnvelope } },
    },
    async (request) => {
      await openDingTalk(await settingsFor(db, 'ding', request.body as TestBody));
      return done(request.t('synThird.connected.ding'));
    },
  );

  app.post(
    '/SysConfig/:type/testQyWebChatConnect',
    {
      config: { access: { permission: 'system.config:update' } },
      schema: {
        tags,
        summary: "Test WeCom: ask its token with the corp id and a secret (type 0: the application secret, 1: the address-book secret)",
        params: Type.Object({ type: Type.Union([Type.Literal('0'), Type.Literal('1')]) }),
        body: TestConfig,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await openWeCom(await settingsFor(db, request.params.type === '1' ? 'qyCorp' : 'qyAgent', request.body as TestBody));
      return done(request.t('synThird.connected.qy'));
    },
  );

  app.get(
    '/SynThirdInfo/getSynThirdTotal/:type',
    {
      config: { access: { permission: 'system.config:read' } },
      schema: {
        tags,
        summary: 'What was pushed to a service (1 WeCom, 2 DingTalk): organisations and users, pushed, failed, never pushed',
        params: Type.Object({ type: Type.Union([Type.Literal('1'), Type.Literal('2')]) }),
        response: { 200: Envelope(Type.Array(Totals)) },
      },
    },
    async (request) => ok(await synTotals(db, Number(request.params.type))),
  );

  app.get(
    '/SynThirdInfo/Overview',
    {
      config: { access: { permission: 'system.config:read' } },
      schema: {
        tags,
        summary: 'The 第三方同步 screen: one row per service (qy WeCom, ding DingTalk) and kind (1 organisations, 2 users) with its totals; the row id names its push call',
        response: { 200: Envelope(Type.Object({ list: Type.Array(Type.Object({ id: Type.String({ description: 'the push call, GET /SynThirdInfo/{id}' }), service: Type.String(), ...Totals.properties })) })) },
      },
    },
    async () => {
      const list = [];
      for (const service of ['qy', 'ding'] as const) {
        for (const totals of await synTotals(db, THIRD_TYPE[service])) {
          const path = pushes.find(([, s, kind]) => s === service && DATA_TYPE[kind] === totals.synType)![0];
          list.push({ id: path, service, ...totals });
        }
      }
      return ok({ list });
    },
  );

  const pushes: [path: string, service: 'ding' | 'qy', kind: 'organize' | 'user', summary: string][] = [
    ['synAllOrganizeSysToDing', 'ding', 'organize', 'Push every organisation to DingTalk (created, or updated when pushed before)'],
    ['synAllUserSysToDing', 'ding', 'user', 'Push every user to DingTalk, into the departments of their organisations'],
    ['synAllOrganizeSysToQy', 'qy', 'organize', 'Push every organisation to WeCom (created, or updated when pushed before)'],
    ['synAllUserSysToQy', 'qy', 'user', 'Push every user to WeCom, into the departments of their organisations'],
  ];
  for (const [path, service, kind, summary] of pushes) {
    app.get(
      `/SynThirdInfo/${path}`,
      {
        // The product calls these with GET; a HEAD must not push anything.
        exposeHeadRoute: false,
        config: { access: { permission: 'system.config:update' } },
        schema: { tags, summary, querystring: PushQuery, response: { 200: Envelope(Totals) } },
      },
      async (request) => {
        const t: TFunction = (key, params) => request.t(key, params);
        const thirdType = THIRD_TYPE[service];
        const totals = await once(`${service}:${kind}`, async () => {
          const session = service === 'ding' ? await openDingTalk(await settingsFor(db, 'ding')) : await openWeCom(await settingsFor(db, 'qyCorp'));
          return kind === 'organize' ? pushOrganizes(db, session, thirdType, t, Date.now()) : pushUsers(db, session, thirdType, t, Date.now());
        });
        return ok(totals, request.t('synThird.pushed', { ok: totals.synSuccessCount, failed: totals.synFailCount }));
      },
    );
  }
};
