import { Type } from 'typebox';
import { PUBLIC_CONFIG_KEYS } from '../system/config-store';
import { Preferences } from '../current-user/preferences-schema';
import { TranslationsSchema } from '../../http/translations';
import { Nullable } from '../../http/envelope';

/** Wire shapes of /api/oauth. Form-encoded bodies arrive as strings. */

export const LoginBody = Type.Object({
  account: Type.String({ maxLength: 200, description: 'account, or mobile@account for a sub-account' }),
  password: Type.String({ maxLength: 200, description: 'MD5 hex of the password' }),
  code: Type.Optional(Type.String({ maxLength: 20, description: 'captcha text' })),
  timestamp: Type.Optional(Type.String({ maxLength: 64, description: 'captcha key used for /api/file/ImageCode/{timestamp}' })),
  ticket: Type.Optional(Type.String({ maxLength: 500 })),
  origin: Type.Optional(Type.String({ maxLength: 50 })),
  client_id: Type.Optional(Type.String({ maxLength: 100 })),
  client_secret: Type.Optional(Type.String({ maxLength: 100 })),
  scope: Type.Optional(Type.String({ maxLength: 100 })),
  grant_type: Type.Optional(Type.String({ maxLength: 30, description: "'password'" })),
});

export const SmsLoginBody = Type.Object({
  account: Type.String({ maxLength: 30, description: 'mobile number' }),
  smsCode: Type.String({ maxLength: 10 }),
  origin: Type.Optional(Type.String({ maxLength: 50 })),
  client_id: Type.Optional(Type.String({ maxLength: 100 })),
  client_secret: Type.Optional(Type.String({ maxLength: 100 })),
  scope: Type.Optional(Type.String({ maxLength: 100 })),
  grant_type: Type.Optional(Type.String({ maxLength: 30, description: "'smsCode'" })),
});

export const LoginData = Type.Object({
  token: Type.String(),
  theme: Type.Union([Type.Literal('classic'), Type.Literal('functional'), Type.Literal('plain'), Type.Literal('blend')]),
});

export const LoginConfigData = Type.Object({
  enableVerificationCode: Type.Integer(),
  verificationCodeNumber: Type.Integer(),
  needCaptcha: Type.Boolean(),
  sysName: Type.String(),
  logoIcon: Type.String(),
  copyright: Type.String(),
});

const menuFields = {
  id: Type.String(),
  parentId: Type.String(),
  enCode: Type.String(),
  fullName: Type.String({ description: 'the own title' }),
  fullName_i18n: Nullable(TranslationsSchema),
  type: Type.Integer({ minimum: 0, maximum: 8 }),
  icon: Nullable(Type.String()),
  urlAddress: Nullable(Type.String()),
  linkTarget: Nullable(Type.String()),
  propertyJson: Nullable(Type.String({ description: 'JSON text: { moduleId, isTree } for types 3, 4, 5, 8' })),
  sortCode: Type.Integer(),
  isHidden: Type.Integer(),
  hasChildren: Type.Boolean(),
};

const menuNodeShape = Type.Object({ ...menuFields, children: Type.Array(Type.Ref('MenuNode')) });
export const MenuNode = Type.Cyclic({ MenuNode: menuNodeShape }, 'MenuNode');

const ItemView = Type.Object({ enCode: Type.String(), fullName: Type.String() });

const sysConfigShape = Object.fromEntries(
  PUBLIC_CONFIG_KEYS.map((k) => [k, ['sysName', 'sysVersion', 'logoIcon', 'navigationIcon', 'title', 'layoutType', 'themeClass', 'slideClass', 'copyright', 'errorLog', 'mapTileUrl'].includes(k) ? Type.String() : Type.Number()]),
);

const SystemMenus = (what: string) =>
  Type.Array(Type.Ref('MenuNode'), {
    description: `${what}: one node per system of the user (id = userInfo.systemIds[].id, type 0) with that system's menu tree under children; the client uses the children of the currentSystem node`,
  });

// One cyclic definition for the reply: menuList and routerList both refer to it (two copies would clash by $id).
export const CurrentUserData = Type.Cyclic({ MenuNode: menuNodeShape, CurrentUserData: Type.Object({
  menuList: SystemMenus('Navigation'),
  routerList: SystemMenus('Routes (the same tree as menuList)'),
  permissionList: Type.Array(
    Type.Object({ modelId: Type.String(), moduleName: Type.String(), button: Type.Array(ItemView), column: Type.Array(ItemView), form: Type.Array(ItemView) }),
  ),
  userInfo: Type.Object({
    userId: Type.String(),
    userAccount: Type.String(),
    account: Type.String(),
    userName: Type.String(),
    realName: Type.String(),
    headIcon: Nullable(Type.String()),
    portalId: Nullable(Type.String()),
    signImg: Nullable(Type.String()),
    changePasswordDate: Nullable(Type.Number()),
    systemIds: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), currentSystem: Type.Boolean() })),
    organizeId: Nullable(Type.String()),
    positionIds: Type.Array(Type.Object({ id: Type.String() })),
    positionId: Nullable(Type.String()),
    positionName: Nullable(Type.String()),
    department: Nullable(Type.String()),
    departmentName: Nullable(Type.String()),
    organizeName: Nullable(Type.String()),
    prevLogin: Type.Integer({ description: '1 when there was a previous sign-in' }),
    prevLoginTime: Nullable(Type.Number()),
    prevLoginIPAddress: Nullable(Type.String()),
    prevLoginIPAddressName: Nullable(Type.String()),
    isAdministrator: Type.Boolean(),
    userKind: Type.String(),
    theme: Type.String(),
    language: Nullable(Type.String()),
    preferences: Preferences,
    mustChangePassword: Type.Boolean({ description: 'show the forced dialog: the policy demands a change of the initial password and the user never changed it, or the password expired (passwordIsUpdatedRegularly)' }),
    permissionCodes: Type.Array(Type.String()),
  }),
  sysConfigInfo: Type.Object(sysConfigShape),
}) }, 'CurrentUserData');

export const LockStateData = Type.Object({
  locked: Type.Boolean(),
  account: Type.String(),
  userName: Type.String(),
  headIcon: Nullable(Type.String()),
});

export const UnlockBody = Type.Object({
  account: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200, description: 'MD5 hex of the password' }),
});

export const NeedCaptchaNote =
  'Failed sign-ins answer { code: 400, msg, data: { needCaptcha } } so the page knows whether to show the captcha.';

const passwordFields = {
  newPassword: Type.Optional(Type.String({ maxLength: 200, description: 'the PLAIN new password: the server checks the policy on it (send over TLS)' })),
  repeatPassword: Type.Optional(Type.String({ maxLength: 200, description: 'plain repetition; when sent it must equal newPassword' })),
  password: Type.Optional(Type.String({ maxLength: 64, description: 'MD5 hex of the new password (optional; must match newPassword)' })),
};

export const RegisterBody = Type.Object({
  mobile: Type.String({ maxLength: 30, description: 'mobile number; becomes the account name' }),
  smsCode: Type.Optional(Type.String({ maxLength: 10, description: "from GET getSmsCode/{mobile}?purpose=register" })),
  companyName: Type.Optional(Type.String({ maxLength: 200 })),
  contactName: Type.Optional(Type.String({ maxLength: 200 })),
  ...passwordFields,
});

export const ForgetPwdBody = Type.Object({
  mobile: Type.String({ maxLength: 30 }),
  smsCode: Type.Optional(Type.String({ maxLength: 10, description: "from GET getSmsCode/{mobile}?purpose=forgetPwd" })),
  ...passwordFields,
});

export const PasswordPolicyData = Type.Object({
  passwordStrengthLimit: Type.Integer({ description: '1 = the rules below apply' }),
  passwordLengthMin: Type.Integer({ description: '1 = a minimum length applies' }),
  passwordLengthMinNumber: Type.Integer(),
  containsNumbers: Type.Integer(),
  includeLowercaseLetters: Type.Integer(),
  includeUppercaseLetters: Type.Integer(),
  containsCharacters: Type.Integer(),
  mandatoryModificationOfInitialPassword: Type.Integer({ description: '1 = users who never changed the initial password must change it on entry' }),
});

export const ScanTicketData = Type.Object({
  ticket: Type.String({ description: 'render as a QR code; poll GET ScanLogin/Ticket/{ticket}' }),
  expiresAt: Type.Number(),
});

export const ScanStatusData = Type.Object({
  status: Type.Union([Type.Literal('waiting'), Type.Literal('scanned'), Type.Literal('confirmed'), Type.Literal('expired')]),
  token: Type.Optional(Type.String({ description: 'the new session, sent once, with status confirmed' })),
  theme: Type.Optional(Type.String()),
});

export const ScanTicketParams = Type.Object({ ticket: Type.String({ maxLength: 100 }) });

export const SmsPurposeQuery = Type.Object({
  purpose: Type.Optional(
    Type.Union([Type.Literal('login'), Type.Literal('register'), Type.Literal('forgetPwd')], { default: 'login', description: 'what the code is for; each has its own limits' }),
  ),
});

/** GET /api/oauth/getLoginConfig: what the sign-in page offers (the product's field names first). */
export const LoginPageConfigData = Type.Object({
  redirect: Type.Boolean({ description: 'true = sign in at an external single sign-on page (url); never true here: no SSO is configured' }),
  url: Type.String({ description: 'the single sign-on page when redirect is true, else empty' }),
  ticketParams: Type.String({ description: 'query parameter carrying the sign-on ticket back (SSO and third-party logins), empty when none is offered' }),
  socialsList: Type.Array(
    Type.Object({ enCode: Type.String(), fullName: Type.String(), icon: Type.String(), renderUri: Type.String() }),
    { description: 'third-party logins offered on the page; none is configured on this platform' },
  ),
  isTenant: Type.Boolean({ description: 'multi-tenant sign-in (no)' }),
  loginMethods: Type.Array(Type.Union([Type.Literal('password'), Type.Literal('sms'), Type.Literal('scan')]), {
    description: 'the tabs of the sign-in page, in order: account + password always, SMS code and scan login unless turned off in system config',
  }),
  enableVerificationCode: Type.Integer({ description: '1 = every password sign-in needs the captcha' }),
  verificationCodeNumber: Type.Integer(),
  sysName: Type.String(),
  title: Type.String(),
  logoIcon: Type.String(),
  copyright: Type.String(),
});

/** POST /api/oauth/updatePasswordMessage: the password-expiry reminder of the signed-in user. */
export const PasswordReminderData = Type.Object({
  remind: Type.Boolean({ description: 'true = show the reminder (msg holds its text): the password expires within updateInAdvance days or has expired' }),
  expired: Type.Boolean(),
  expiresAt: Nullable(Type.Number({ description: 'epoch ms; null when passwords do not expire (passwordIsUpdatedRegularly 0)' })),
  daysLeft: Nullable(Type.Integer()),
});
