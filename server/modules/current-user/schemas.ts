import { Type } from 'typebox';
import { CurrentPage, Nullable } from '../../http/envelope';
import { MenuNode } from '../oauth/schemas';
export * from './preferences-schema';

/** Wire shapes of /api/permission/Users/Current (spec 7.2) and the registration review. */
const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });


/** GET /Current/BaseInfo, in the field names of the product's profile page (docs/COMPATIBILITY.md). */
export const BaseInfoData = Type.Object({
  id: Type.String(),
  account: Type.String({ description: 'read-only' }),
  realName: Type.String(),
  gender: Nullable(Type.Integer({ description: 'a code of the sex dictionary: 1 男, 2 女, 3 保密' })),
  nation: Nullable(Type.String({ description: 'id of a Nation dictionary entry' })),
  nativePlace: Nullable(Type.String()),
  certificatesType: Nullable(Type.String({ description: 'id of a certificateType dictionary entry' })),
  certificatesNumber: Nullable(Type.String()),
  education: Nullable(Type.String({ description: 'id of an Education dictionary entry' })),
  birthday: Nullable(Type.Number({ description: 'epoch milliseconds' })),
  telePhone: Nullable(Type.String({ description: 'office phone' })),
  landline: Nullable(Type.String()),
  mobilePhone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  urgentContacts: Nullable(Type.String()),
  urgentTelePhone: Nullable(Type.String()),
  postalAddress: Nullable(Type.String()),
  signature: Nullable(Type.String({ description: 'a one-line personal description' })),
  headIcon: Nullable(Type.String()),
  userKind: Type.String(),
  organize: Nullable(Type.String({ description: 'read-only: the organisation path, company first ("供应链管理有限公司/运营部")' })),
  manager: Nullable(Type.String({ description: "read-only: the manager's name" })),
  position: Nullable(Type.String({ description: 'read-only: the name of the major position' })),
  roleId: Type.String({ description: 'read-only: role NAMES joined with "," (the product shows this field as text)' }),
  creatorTime: Type.Number({ description: 'read-only: when the account was made (epoch ms)' }),
  prevLogTime: Nullable(Type.Number({ description: 'read-only: the previous sign-in (epoch ms)' })),
  prevLoginIPAddress: Nullable(Type.String()),
  entryDate: Nullable(Type.Number({ description: 'read-only: the day the person joined (epoch ms), set by staff administration' })),
});

const Option = (description: string) => Type.Optional(Nullable(Type.String({ maxLength: 50, description })));

/** Every field may be sent; a field left out keeps its value, null (or '') clears it. realName cannot be cleared. Read-only fields are ignored. */
export const BaseInfoBody = Type.Object({
  realName: Type.Optional(Text(200)),
  gender: Type.Optional(Nullable(Type.Integer({ description: 'a code of the sex dictionary (the product sends it as text; "1" is read as 1)' }))),
  nation: Option('id of a Nation dictionary entry'),
  nativePlace: Type.Optional(Nullable(Text(100))),
  certificatesType: Option('id of a certificateType dictionary entry'),
  certificatesNumber: Type.Optional(Nullable(Text(100, 'checked as a national ID card number when the type is 身份证'))),
  education: Option('id of an Education dictionary entry'),
  birthday: Type.Optional(Nullable(Type.Number())),
  telePhone: Type.Optional(Nullable(Text(100))),
  landline: Type.Optional(Nullable(Text(100))),
  mobilePhone: Type.Optional(Nullable(Text(50))),
  mobile: Type.Optional(Nullable(Text(50, 'older name of mobilePhone; mobilePhone wins when both are sent'))),
  email: Type.Optional(Nullable(Text(200))),
  urgentContacts: Type.Optional(Nullable(Text(100))),
  urgentTelePhone: Type.Optional(Nullable(Text(100))),
  postalAddress: Type.Optional(Nullable(Text(500))),
  signature: Type.Optional(Nullable(Text(500))),
});

export const ModifyPasswordBody = Type.Object({
  oldPassword: Type.Optional(Text(64, 'MD5 hex of the old password')),
  newPassword: Type.Optional(Text(200, 'the PLAIN new password: the server checks the policy on it (send over TLS)')),
  repeatPassword: Type.Optional(Text(200, 'the plain repetition of the new password')),
  password: Type.Optional(Text(64, 'MD5 hex of the new password (optional; must match newPassword)')),
  code: Type.Optional(Text(20, 'captcha text from /api/file/ImageCode/{timestamp}')),
  timestamp: Type.Optional(Text(64, 'captcha key')),
});

export const Subordinate = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  headIcon: Nullable(Type.String()),
  gender: Nullable(Type.Integer({ description: 'a code of the sex dictionary' })),
  mobile: Nullable(Type.String()),
  organizeName: Nullable(Type.String()),
  positionName: Nullable(Type.String()),
  enabledMark: Type.Integer(),
  hasChildren: Type.Boolean({ description: 'has subordinates of their own (load with Subordinate/{id})' }),
});

const ItemView = Type.Object({ enCode: Type.String(), fullName: Type.String() });
export const AuthorizeData = Type.Object({
  isAdministrator: Type.Boolean(),
  roles: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), enCode: Type.String() })),
  menuList: Type.Array(MenuNode, { description: 'as CurrentUser: one node per system, its menu tree under children' }),
  permissionList: Type.Array(
    Type.Object({ modelId: Type.String(), moduleName: Type.String(), button: Type.Array(ItemView), column: Type.Array(ItemView), form: Type.Array(ItemView) }),
  ),
  permissionCodes: Type.Array(Type.String({ description: 'API permission codes (resource:action)' })),
});

export const PageQuery = {
  currentPage: Type.Optional(CurrentPage({ default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
};

export const SystemLogQuery = Type.Object({
  ...PageQuery,
  startTime: Type.Optional(Type.Number({ description: 'epoch ms, inclusive' })),
  endTime: Type.Optional(Type.Number({ description: 'epoch ms, inclusive' })),
  keyword: Type.Optional(Text(100, 'part of the IP address')),
});

export const LoginLogEntry = Type.Object({
  id: Type.String(),
  loginTime: Type.Number(),
  ipAddress: Nullable(Type.String()),
  ipAddressName: Nullable(Type.String({ description: 'place of the address (local network / unknown: there is no geo database)' })),
  success: Type.Integer({ description: '1 signed in, 0 refused' }),
  message: Nullable(Type.String({ description: 'why it was refused, in the caller language' })),
  userAgent: Nullable(Type.String()),
});

export const OwnOrganize = Type.Object({ id: Type.String(), fullName: Type.String(), category: Type.String(), isMajor: Type.Boolean() });
export const OwnPosition = Type.Object({ id: Type.String(), fullName: Type.String(), organizeId: Type.String(), organizeName: Nullable(Type.String()), isMajor: Type.Boolean() });

export const MajorBody = Type.Object({ majorId: Text(50), majorType: Type.Union([Type.Literal('Organize'), Type.Literal('Position')]) });

export const SignImgEntry = Type.Object({
  id: Type.String(),
  signImg: Type.String({ description: 'data:image/png;base64,… (or image/jpeg)' }),
  isDefault: Type.Integer({ description: '1 = the default signature (userInfo.signImg)' }),
  createdAt: Type.Number(),
});
export const SignImgBody = Type.Object({ signImg: Type.String({ maxLength: 400_000, description: 'a PNG or JPEG data URL, decoded at most 200 KB' }) });

export const IdParams = Type.Object({ id: Text(50) });

export const PendingRegistration = Type.Object({
  id: Type.String({ description: 'the user id (approve with PUT /api/permission/Users/{id}/Actions/Approve)' }),
  registrationId: Type.String(),
  account: Type.String(),
  mobile: Type.String(),
  companyName: Type.String(),
  contactName: Type.String(),
  createdAt: Type.Number(),
});
