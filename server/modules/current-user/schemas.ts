import { Type, type TSchema } from 'typebox';
import { MenuNode } from '../oauth/schemas';
export * from './preferences-schema';

/** Wire shapes of /api/permission/Users/Current (spec 7.2) and the registration review. */
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });


export const BaseInfoData = Type.Object({
  id: Type.String(),
  account: Type.String({ description: 'read-only' }),
  realName: Type.String(),
  gender: Nullable(Type.Integer({ description: '1 male, 2 female, 0 undisclosed' })),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  birthday: Nullable(Type.Number({ description: 'epoch milliseconds' })),
  landline: Nullable(Type.String()),
  postalAddress: Nullable(Type.String()),
  urgentContacts: Nullable(Type.String()),
  urgentTelePhone: Nullable(Type.String()),
  signature: Nullable(Type.String({ description: 'a one-line personal description' })),
  headIcon: Nullable(Type.String()),
  userKind: Type.String(),
  organizeName: Nullable(Type.String()),
  departmentName: Nullable(Type.String()),
  positionName: Nullable(Type.String()),
  roleName: Type.String({ description: 'role names joined with ","' }),
  managerName: Nullable(Type.String()),
  createdAt: Type.Number(),
  prevLoginTime: Nullable(Type.Number()),
  prevLoginIPAddress: Nullable(Type.String()),
});

/** Every field may be sent; a field left out keeps its value, null clears it. realName cannot be cleared. */
export const BaseInfoBody = Type.Object({
  realName: Type.Optional(Text(200)),
  gender: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 2 }))),
  mobile: Type.Optional(Nullable(Text(50))),
  email: Type.Optional(Nullable(Text(200))),
  birthday: Type.Optional(Nullable(Type.Number())),
  landline: Type.Optional(Nullable(Text(100))),
  postalAddress: Type.Optional(Nullable(Text(500))),
  urgentContacts: Type.Optional(Nullable(Text(100))),
  urgentTelePhone: Type.Optional(Nullable(Text(100))),
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
  gender: Nullable(Type.Integer()),
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
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
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
