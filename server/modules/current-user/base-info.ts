import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { Db } from '../../db';
import { principalOf } from '../../auth/access';
import { Envelope, ok } from '../../http/envelope';
import { refuse } from '../../http/errors';
import { matchesShared } from '../../../src/runtime/validation/patterns';
import { entriesOf, findTypeByCode } from '../dictionary/repository';
import { organisationChain } from '../oauth/current-user';
import { PHONE_PATTERN } from '../oauth/sms';
import { readProfile, saveProfile } from './profile-repo';
import { profileChange } from './profile-audit';
import { BaseInfoBody, BaseInfoData } from './schemas';
import { tags, type CurrentUserOptions } from './profile-routes';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BIRTHDAY_MIN = Date.UTC(1900, 0, 1);

type FieldKey =
  | 'profile.fieldRealName' | 'profile.fieldSignature' | 'profile.fieldAddress' | 'profile.fieldContact' | 'profile.fieldPhone' | 'profile.fieldGender'
  | 'profile.fieldNation' | 'profile.fieldNativePlace' | 'profile.fieldCertificatesType' | 'profile.fieldCertificatesNumber' | 'profile.fieldEducation'
  | 'profile.fieldTelePhone';

/** Trims optional text: undefined stays (no change), blank becomes null, too long is refused. */
function text(value: string | null | undefined, max: number, field: string) {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if ([...trimmed].length > max) throw refuse('profile.textTooLong', { field, max });
  return trimmed === '' ? null : trimmed;
}

/** Entries of a system dictionary (sex, Nation, …) by the category's code; none when it was removed. */
async function optionsOf(db: Db, category: string) {
  const type = await findTypeByCode(db, category);
  return type ? entriesOf(db, type.id) : [];
}

/** The signed-in user's profile, in the names the product's profile page reads. */
export async function readBaseInfo(db: Db, userId: string): Promise<Static<typeof BaseInfoData>> {
  const user = await db.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const profile = await readProfile(db, userId);
  const chain = await organisationChain(db, user.organizeId);
  const position = user.positionId ? await db.selectFrom('basePosition').select('fullName').where('id', '=', user.positionId).executeTakeFirst() : undefined;
  const roles = await db
    .selectFrom('baseUserRelation')
    .innerJoin('baseRole', 'baseRole.id', 'baseUserRelation.objectId')
    .select('baseRole.fullName')
    .where('baseUserRelation.userId', '=', userId)
    .where('baseUserRelation.objectType', '=', 'Role')
    .orderBy('baseRole.sortCode')
    .execute();
  const manager = user.managerId ? await db.selectFrom('baseUser').select('realName').where('id', '=', user.managerId).executeTakeFirst() : undefined;
  return {
    id: user.id,
    account: user.account,
    realName: user.realName,
    gender: user.gender,
    nation: profile?.nation ?? null,
    nativePlace: profile?.nativePlace ?? null,
    certificatesType: profile?.certificatesType ?? null,
    certificatesNumber: profile?.certificatesNumber ?? null,
    education: profile?.education ?? null,
    birthday: profile?.birthday ?? null,
    telePhone: profile?.telePhone ?? null,
    landline: profile?.landline ?? null,
    mobilePhone: user.mobile,
    email: user.email,
    urgentContacts: profile?.urgentContacts ?? null,
    urgentTelePhone: profile?.urgentTelephone ?? null,
    postalAddress: profile?.postalAddress ?? null,
    signature: profile?.signature ?? null,
    headIcon: user.headIcon,
    userKind: user.userKind,
    organize: chain.length ? chain.map((o) => o.fullName).reverse().join('/') : null,
    manager: manager?.realName ?? null,
    position: position?.fullName ?? null,
    roleId: roles.map((r) => r.fullName).join(','),
    creatorTime: user.createdAt,
    prevLogTime: user.prevLoginTime,
    prevLoginIPAddress: user.prevLoginIp,
    entryDate: profile?.entryDate ?? null,
  };
}

/** GET and PUT /Current/BaseInfo (spec 7.2). */
export const baseInfoRoutes: FastifyPluginAsyncTypebox<CurrentUserOptions> = async (app, { db }) => {
  app.get(
    '/Current/BaseInfo',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'My profile (account, organisation, roles and dates read-only)', response: { 200: Envelope(BaseInfoData) } } },
    async (request) => ok(await readBaseInfo(db, principalOf(request).user.id)),
  );

  app.put(
    '/Current/BaseInfo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change my profile; fields left out keep their value, null or "" clears; dictionary fields take an entry id of their dictionary',
        body: BaseInfoBody,
        response: { 200: Envelope(BaseInfoData) },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      const b = request.body;
      const t = (key: FieldKey) => request.t(key);

      /** A dictionary field: the id of an entry of its category, or null. */
      const option = async (value: string | null | undefined, category: string, field: FieldKey) => {
        const id = text(value, 50, t(field));
        if (!id) return id;
        if (!(await optionsOf(db, category)).some((e) => e.id === id)) throw refuse('profile.optionInvalid', { field: t(field) });
        return id;
      };

      const userChange: { realName?: string; gender?: number | null; mobile?: string | null; email?: string | null } = {};
      if (b.realName !== undefined) {
        const realName = text(b.realName, 50, t('profile.fieldRealName'));
        if (!realName) throw refuse('profile.realNameRequired');
        userChange.realName = realName;
      }
      if (b.gender !== undefined) {
        const codes = (await optionsOf(db, 'sex')).map((e) => Number(e.enCode));
        if (b.gender !== null && !codes.includes(b.gender)) throw refuse('profile.optionInvalid', { field: t('profile.fieldGender') });
        userChange.gender = b.gender;
      }
      const mobileSent = b.mobilePhone !== undefined ? b.mobilePhone : b.mobile;
      if (mobileSent !== undefined) {
        const mobile = mobileSent?.trim() || null;
        if (mobile && !PHONE_PATTERN.test(mobile)) throw refuse('oauth.phoneInvalid');
        userChange.mobile = mobile;
      }
      if (b.email !== undefined) {
        const email = b.email?.trim() || null;
        if (email && (email.length > 100 || !EMAIL.test(email))) throw refuse('profile.emailInvalid');
        userChange.email = email;
      }
      if (b.birthday !== undefined && b.birthday !== null && (!Number.isFinite(b.birthday) || b.birthday < BIRTHDAY_MIN || b.birthday > Date.now())) {
        throw refuse('profile.birthdayInvalid');
      }
      const certificatesType = await option(b.certificatesType, 'certificateType', 'profile.fieldCertificatesType');
      const certificatesNumber = text(b.certificatesNumber, 50, t('profile.fieldCertificatesNumber'));
      // An ID card number is checked (format and check digit) whether the type or the number changes.
      const current = await readProfile(db, user.id);
      const typeNow = certificatesType !== undefined ? certificatesType : (current?.certificatesType ?? null);
      const numberNow = certificatesNumber !== undefined ? certificatesNumber : (current?.certificatesNumber ?? null);
      if ((certificatesType !== undefined || certificatesNumber !== undefined) && typeNow && numberNow) {
        const idCard = (await optionsOf(db, 'certificateType')).find((e) => e.enCode === 'idCard');
        if (idCard?.id === typeNow && !matchesShared('idCard', numberNow)) throw refuse('validation.idCard');
      }
      const profileFields = Object.fromEntries(
        Object.entries({
          birthday: b.birthday,
          nation: await option(b.nation, 'Nation', 'profile.fieldNation'),
          nativePlace: text(b.nativePlace, 50, t('profile.fieldNativePlace')),
          certificatesType,
          certificatesNumber,
          education: await option(b.education, 'Education', 'profile.fieldEducation'),
          telePhone: text(b.telePhone, 30, t('profile.fieldTelePhone')),
          landline: text(b.landline, 30, t('profile.fieldPhone')),
          postalAddress: text(b.postalAddress, 200, t('profile.fieldAddress')),
          urgentContacts: text(b.urgentContacts, 50, t('profile.fieldContact')),
          urgentTelephone: text(b.urgentTelePhone, 30, t('profile.fieldPhone')),
          signature: text(b.signature, 200, t('profile.fieldSignature')),
        }).filter(([, v]) => v !== undefined),
      );
      // Both rows in one transaction: a refusal above wrote nothing, and a failure here writes nothing either.
      await profileChange(db, request, user.id, async (trx) => {
        if (Object.keys(userChange).length) await trx.updateTable('baseUser').set({ ...userChange, updatedAt: Date.now() }).where('id', '=', user.id).execute();
        if (Object.keys(profileFields).length) await saveProfile(trx, user.id, profileFields);
      });
      return ok(await readBaseInfo(db, user.id), request.t('profile.saved'));
    },
  );
};
