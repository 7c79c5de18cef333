import { Type } from 'typebox';
import { Nullable } from '../../../http/envelope';

export const LicenceFileSchema = Type.Object({ name: Type.String({ maxLength: 255 }), fileId: Type.String({ maxLength: 50 }), url: Type.String({ maxLength: 500 }) });
const ContactSchema = Type.Object({ name: Type.String({ maxLength: 50 }), phone: Type.String({ maxLength: 30 }), title: Type.String({ maxLength: 50 }) });

/** What a customer sends: every field optional in a draft (the submission demands them). */
export const CertificationBody = Type.Object({
  companyName: Type.Optional(Type.String({ maxLength: 100 })),
  creditCode: Type.Optional(Type.String({ maxLength: 30, description: '统一社会信用代码: 18 characters with its check character (spaces and lower case are normalised)' })),
  legalPerson: Type.Optional(Type.String({ maxLength: 50 })),
  area: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 5, description: 'the address picker\'s value: area ids from the province down' })),
  address: Type.Optional(Type.String({ maxLength: 200 })),
  licenceFile: Type.Optional(Type.Union([LicenceFileSchema, Type.Null()], { description: 'an uploaded image (POST /api/file/Uploader): the caller\'s own' })),
  contacts: Type.Optional(Type.Array(Type.Partial(ContactSchema), { maxItems: 20 })),
  version: Type.Integer({ minimum: 0, description: 'the version read (0 when none exists): a certification changed since is refused' }),
});

const Data = {
  companyName: Type.String(), creditCode: Type.String(), legalPerson: Type.String(), area: Type.Array(Type.String()), areaText: Type.String({ description: 'the area names joined' }),
  address: Type.String(), licenceFile: Type.Union([LicenceFileSchema, Type.Null()]), contacts: Type.Array(ContactSchema),
};

export const CertificationView = Type.Object({
  id: Type.Union([Type.String(), Type.Null()], { description: 'null: none started' }),
  organizeId: Type.String(), organizeName: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()], { description: '0 draft, 1 submitted, 2 approved, 3 rejected; null: none started' }),
  certified: Type.Boolean({ description: 'approved at least once: the organisation may order' }),
  ...Data,
  reason: Type.Union([Type.String(), Type.Null()]), submittedAt: Nullable(Type.Number()), submittedByName: Type.String(), reviewedAt: Nullable(Type.Number()), reviewedByName: Type.String(),
  certifiedAt: Nullable(Type.Number()), version: Type.Integer(),
});

export const QueueItem = Type.Object({
  kind: Type.Union([Type.Literal('certification'), Type.Literal('registration')]),
  id: Type.String({ description: 'a certification id, or the registered account\'s user id' }),
  companyName: Type.String(), creditCode: Type.String(), applicant: Type.String(), mobile: Type.String(),
  status: Type.Integer({ description: 'a registration awaiting approval shows as 1' }), certified: Type.Boolean(), submittedAt: Type.Number(), version: Type.Integer(),
});
