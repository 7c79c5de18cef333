import { Type } from 'typebox';
import { CurrentPage, Nullable } from '../../../http/envelope';

/**
 * Wire shapes of /api/permission/Users (spec 7.3). Every reply object is built by picking
 * fields (never a spread of a user row) and every reply schema lists its fields, so a password
 * hash or any other column can never travel.
 */
const Id = Type.String({ maxLength: 50 });
const IdList = Type.Array(Id, { maxItems: 1000 });
/** A list of ids as an array, or as the product client's comma-joined text. */
const IdsInput = Type.Union([IdList, Type.String({ maxLength: 20_000 })]);

export const IdParams = Type.Object({ id: Id });

const Paging = {
  currentPage: Type.Optional(CurrentPage({ default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
};

export const ListQuery = Type.Object({
  ...Paging,
  organizeId: Type.Optional(Type.String({ maxLength: 50, description: 'only users of this organisation or one below it' })),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  sidx: Type.Optional(Type.Union([Type.Literal('account'), Type.Literal('realName'), Type.Literal('creatorTime')])),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

export const PageQuery = Type.Object(Paging);

export const UserRowView = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  fullName: Type.String({ description: 'realName/account, as the user pickers name a person (the administrator list picks by it)' }),
  gender: Nullable(Type.Integer({ description: 'a code of the sex dictionary' })),
  mobilePhone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  headIcon: Nullable(Type.String()),
  userKind: Type.String({ description: 'staff | customer' }),
  organizeId: Nullable(Type.String({ description: 'the major organisation' })),
  organizeName: Type.String({ description: 'names of every organisation of the user, the major one first, joined with ","' }),
  positionId: Nullable(Type.String({ description: 'the major position' })),
  positionName: Type.String({ description: 'names of every position, the major one first, joined with ","' }),
  roleName: Type.String({ description: 'names of the roles, joined with ","' }),
  managerId: Nullable(Type.String()),
  isAdministrator: Type.Integer(),
  enabledMark: Type.Integer(),
  lockMark: Type.Integer({ description: '1 while sign-in is locked out after failed attempts (unlock with PUT {id}/Actions/unlock)' }),
  description: Nullable(Type.String()),
  creatorTime: Type.Number(),
}, { additionalProperties: false });

export const UserInfoView = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  gender: Nullable(Type.Integer()),
  mobilePhone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  headIcon: Nullable(Type.String()),
  userKind: Type.String(),
  organizeId: Nullable(Type.String({ description: 'the major organisation' })),
  organizeIds: Type.Array(Type.String(), { description: 'every organisation, the major one first' }),
  organizeIdTree: Type.Array(Type.Array(Type.String()), { description: 'per organisation its id path from the root (the product form\'s cascader value)' }),
  positionId: Nullable(Type.String({ description: 'the major position' })),
  positionIds: Type.Array(Type.String()),
  roleIds: Type.Array(Type.String()),
  groupIds: Type.Array(Type.String()),
  managerId: Nullable(Type.String()),
  isAdministrator: Type.Integer(),
  enabledMark: Type.Integer(),
  lockMark: Type.Integer(),
  description: Nullable(Type.String()),
  creatorTime: Type.Number(),
  lastModifyTime: Nullable(Type.Number()),
  prevLoginTime: Nullable(Type.Number()),
}, { additionalProperties: false });

/**
 * The user form. organizeIds/positionIds/roleIds/groupIds are the memberships; organizeId and
 * positionId the major ones (default: the first of their list). Sent without its list,
 * organizeId/positionId IS the list (the product client sends them comma-joined), its first id
 * the major one.
 */
const userFields = {
  realName: Type.String({ maxLength: 200 }),
  gender: Type.Optional(Nullable(Type.Union([Type.Integer(), Type.String({ maxLength: 10 })]))),
  mobilePhone: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  email: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  headIcon: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  userKind: Type.Optional(Type.String({ maxLength: 20, description: 'staff (default) | customer' })),
  organizeId: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  organizeIds: Type.Optional(IdsInput),
  positionId: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  positionIds: Type.Optional(IdsInput),
  roleIds: Type.Optional(IdsInput),
  roleId: Type.Optional(Nullable(IdsInput)),
  groupIds: Type.Optional(IdsInput),
  groupId: Type.Optional(Nullable(IdsInput)),
  managerId: Type.Optional(Nullable(Id)),
  enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
};
export const CreateBody = Type.Object({ account: Type.String({ maxLength: 200 }), ...userFields });
export const UpdateBody = Type.Object({ ...userFields, account: Type.Optional(Type.String({ maxLength: 200 })), realName: Type.Optional(userFields.realName) });

export const CreatedData = Type.Object({ id: Type.String() });

export const ResetPasswordBody = Type.Object({
  newPassword: Type.Optional(Type.String({ maxLength: 200, description: 'the PLAIN new password: checked against the password policy' })),
  repeatPassword: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 64, description: 'optional MD5 hex of the new password (must agree)' })),
  userPassword: Type.Optional(Type.String({ maxLength: 64, description: "the product client's MD5: not enough alone (the policy needs the plain text)" })),
});

export const StateBody = Type.Union([Type.Object({ enabledMark: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }), Type.Null()]);

/** A picker item (widgets.md 3): users are leaves, organisations folders. */
const pickerNodeShape = Type.Object({
    id: Type.String(),
    parentId: Type.String(),
    fullName: Type.String(),
    enCode: Type.Optional(Type.String()),
    type: Type.String({ description: 'company | department | user' }),
    icon: Type.String(),
    headIcon: Type.Optional(Nullable(Type.String())),
    organize: Type.Optional(Type.String({ description: "a user's organisation names" })),
    userCount: Type.Optional(Type.Integer({ description: 'users of this organisation and below (organisation nodes)' })),
    hasChildren: Type.Boolean(),
    isLeaf: Type.Boolean(),
    children: Type.Array(Type.Ref('UserPickerNode')),
});
export const PickerNode = Type.Cyclic({ UserPickerNode: pickerNodeShape }, 'UserPickerNode');

/** A user as the pickers and the chat contacts show one. */
export const UserOption = Type.Object({
  id: Type.String(),
  fullName: Type.String({ description: 'realName/account' }),
  realName: Type.String(),
  account: Type.String(),
  headIcon: Nullable(Type.String()),
  organize: Type.String({ description: 'organisation names, the major one first' }),
  type: Type.Literal('user'),
  isLeaf: Type.Boolean(),
  hasChildren: Type.Boolean(),
}, { additionalProperties: false });

export const OrganizationQuery = Type.Object({
  organizeId: Type.Optional(Type.String({ maxLength: 50, description: "'0' (default) = the top of the tree" })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  openFirst: Type.Optional(Type.Boolean({ description: "at the top: the first organisation's own level comes in its children (the picker shows it open), saving a second call" })),
});

export const UserSearchQuery = Type.Object({
  ...Paging,
  organize: Type.Optional(Type.Literal('current', { description: "'current': only users of the caller's own organisation (major and related) and below" })),
});

export const ByPositionQuery = Type.Object({ ...Paging, positionId: Id });
export const ByRoleQuery = Type.Object({ ...Paging, roleId: Id, organizeId: Type.Optional(Type.String({ maxLength: 50 })) });

export const ConditionBody = Type.Object({
  ...Paging,
  departIds: Type.Optional(IdList),
  positionIds: Type.Optional(IdList),
  userIds: Type.Optional(IdList),
  roleIds: Type.Optional(IdList),
  groupIds: Type.Optional(IdList),
});

export const KeywordBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) });
export const NodeKeywordBody = Type.Union([KeywordBody, Type.Null()]);

export const IdsBody = Type.Object({
  userId: Type.Optional(IdsInput),
  ids: Type.Optional(IdsInput),
});

/** Names by id for a whole list page (one request per kind of reference): up to 5,000 ids. */
export const SELECTED_MAX = 5000;
const SelectedIdsInput = Type.Union([Type.Array(Id, { maxItems: SELECTED_MAX }), Type.String({ maxLength: 100_000 })]);
export const SelectedIdsBody = Type.Object({
  userId: Type.Optional(SelectedIdsInput),
  ids: Type.Optional(SelectedIdsInput),
});

export const SelectedItem = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  type: Type.String({ description: 'user | company | department | position | role | group' }),
  headIcon: Type.Optional(Nullable(Type.String())),
  organize: Type.Optional(Type.String()),
});

export const DownloadLink = Type.Object({ url: Type.String({ description: 'GET this path once, within ten minutes (no header needed)' }), name: Type.String() });

export const ExportQuery = Type.Object({
  ...Paging,
  organizeId: Type.Optional(Type.String({ maxLength: 50 })),
  dataType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '0 = the page asked for, 1 (default) = every matching user' })),
});

/** One spreadsheet row as preview and ImportData exchange it (the template's columns). */
export const ImportRow = Type.Object({
  account: Type.Optional(Type.Unknown()),
  realName: Type.Optional(Type.Unknown()),
  gender: Type.Optional(Type.Unknown()),
  mobilePhone: Type.Optional(Type.Unknown()),
  email: Type.Optional(Type.Unknown()),
  organizes: Type.Optional(Type.Unknown()),
  positions: Type.Optional(Type.Unknown()),
  roles: Type.Optional(Type.Unknown()),
  groups: Type.Optional(Type.Unknown()),
  manager: Type.Optional(Type.Unknown()),
  userKind: Type.Optional(Type.Unknown()),
  enabledMark: Type.Optional(Type.Unknown()),
  description: Type.Optional(Type.Unknown()),
  errorsInfo: Type.Optional(Type.Unknown()),
});
const ImportRowText = Type.Object(
  Object.fromEntries(
    ['account', 'realName', 'gender', 'mobilePhone', 'email', 'organizes', 'positions', 'roles', 'groups', 'manager', 'userKind', 'enabledMark', 'description'].map((k) => [k, Type.String()]),
  ),
);
export const ImportRowOut = Type.Intersect([ImportRowText, Type.Object({ errorsInfo: Type.Optional(Type.String()) })]);

export const ImportListBody = Type.Object({ list: Type.Array(ImportRow, { maxItems: 1000 }) });

export const PreviewQuery = Type.Object({ fileName: Type.String({ maxLength: 100 }) });
export const PreviewData = Type.Object({
  headerRow: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String() })),
  dataRow: Type.Array(ImportRowText),
});

export const ImportResult = Type.Object({
  resultType: Type.Integer({ description: '0 every row imported, 1 some rows failed' }),
  snum: Type.Integer(),
  fnum: Type.Integer(),
  failResult: Type.Array(ImportRowOut),
});

export const UploadedData = Type.Object({ name: Type.String({ description: 'pass as fileName to ImportPreview' }) });
