import type {
  AreaRow, BillRuleRow, FlowEngineRow, DataInterfaceRow, DictionaryDataRow, DictionaryTypeRow, GroupRow, MessageRow, MessageTemplateRow, ModuleDataSchemeRow, ModuleRow, OrganizeRow, PositionRow,
  PrintDevRow, RoleRow, BizCertificationRow, SessionRow, ShortLinkRow, SignImgRow, UserProfileRow, UserRow, VisualdevRow,
} from '../db/schema';

/**
 * What the audit log keeps of each audited entity: an allow-list of fields per row type. A field
 * not listed here never reaches the log, so secrets (password hashes, request headers of HTTP
 * interfaces, the initial-password hash in the configuration) are left out by construction: a new
 * column stays out of the log until someone lists it here.
 */
/** The allow-list of a row type; `Extra` names values the write path adds beside the row (memberships). */
const fields = <Row, Extra extends string = never>() => <const K extends readonly ((keyof Row & string) | Extra)[]>(keys: K) => keys;

const NAMED = ['fullName', 'enCode', 'sortCode', 'enabledMark', 'description'] as const;

export const AUDIT_FIELDS = {
  organize: fields<OrganizeRow>()(['category', 'parentId', ...NAMED, 'managerId']),
  position: fields<PositionRow>()(['organizeId', ...NAMED, 'type']),
  group: fields<GroupRow>()([...NAMED, 'type']),
  role: fields<RoleRow, 'organizeIds'>()([...NAMED, 'type', 'globalMark', 'organizeIds']),
  // no passwordHash, no sign-in times and addresses (they are the login log's)
  user: fields<UserRow, 'roleIds' | 'positionIds' | 'groupIds' | 'organizeIds' | 'passwordChanged'>()([
    'account', 'realName', 'mobile', 'email', 'gender', 'organizeId', 'positionId', 'managerId', 'isAdministrator', 'userKind', 'enabledMark', 'description',
    'roleIds', 'positionIds', 'groupIds', 'organizeIds', 'passwordChanged',
  ]),
  // a role's grant set: lists of granted item ids per kind
  authority: ['module', 'button', 'column', 'form', 'resource', 'api', 'dataInterface'],
  area: fields<AreaRow>()(['parentId', 'fullName', 'enCode', 'type', 'quickQuery', 'sortCode', 'enabledMark', 'description']),
  menu: fields<ModuleRow>()(['parentId', 'systemId', 'type', 'fullName', 'fullNameI18n', 'enCode', 'icon', 'urlAddress', 'linkTarget', 'propertyJson', 'sortCode', 'enabledMark', 'isHidden', 'description']),
  billRule: fields<BillRuleRow>()(['fullName', 'enCode', 'category', 'prefix', 'dateFormat', 'digit', 'startNumber', 'sortCode', 'enabledMark', 'description']),
  printDev: fields<PrintDevRow>()(['fullName', 'fullNameI18n', 'enCode', 'category', 'type', 'formId', 'templateHtml', 'paperSize', 'orientation', 'margins', 'sortCode', 'enabledMark', 'description']),
  dictionaryType: fields<DictionaryTypeRow>()(['parentId', 'fullName', 'fullNameI18n', 'enCode', 'isTree', 'sortCode', 'description']),
  dictionaryData: fields<DictionaryDataRow>()(['dictionaryTypeId', 'parentId', 'fullName', 'fullNameI18n', 'enCode', 'sortCode', 'enabledMark', 'description']),
  // requestHeaders may carry credentials of the upstream: never logged
  dataInterface: fields<DataInterfaceRow>()(['categoryId', 'fullName', 'enCode', 'type', 'dataSource', 'queryText', 'requestMethod', 'path', 'requestParameters', 'responseFields', 'enabledMark', 'sortCode', 'description']),
  // a data-scope scheme of a menu entry (the grants that name it are the role's "authority" rows)
  dataScheme: fields<ModuleDataSchemeRow>()(['moduleId', 'fullName', 'fullNameI18n', 'enCode', 'scopeType', 'conditionJson', 'sortCode', 'enabledMark', 'description']),
  // a model definition: long JSON (formData, columnData) is cut by the log, the release state is kept
  model: fields<VisualdevRow>()(['fullName', 'fullNameI18n', 'enCode', 'category', 'type', 'webType', 'sortCode', 'state', 'description', 'tables', 'formData', 'columnData', 'releasedAt']),
  // a flow engine: its settings and the template's version number (each version's template is kept in flow_engine_version)
  flowEngine: fields<FlowEngineRow>()(['fullName', 'enCode', 'category', 'modelId', 'version', 'sortCode', 'enabledMark', 'description']),
  messageTemplate: fields<MessageTemplateRow>()(['fullName', 'enCode', 'messageType', 'channel', 'title', 'content', 'sortCode', 'enabledMark', 'description']),
  notice: fields<MessageRow>()(['title', 'bodyText', 'toUserIds', 'enabledMark', 'releaseUserId', 'releaseTime']),
  // a session forced offline: whose, never its token
  onlineUser: fields<SessionRow, 'account' | 'forcedOffline'>()(['userId', 'account', 'forcedOffline']),
  // a short link's settings: whether a password is set, never its hash
  shortLink: fields<ShortLinkRow, 'hasPassword'>()(['modelId', 'allowFill', 'allowView', 'enabled', 'expiresAt', 'maxSubmissions', 'hasPassword']),
  // what a person changes of themselves (profile page, settings drawer, current organisation)
  profile: fields<UserRow & UserProfileRow>()([
    'realName', 'gender', 'mobile', 'email', 'headIcon', 'theme', 'language', 'organizeId', 'positionId', 'birthday', 'nation', 'nativePlace', 'certificatesType',
    'certificatesNumber', 'education', 'telePhone', 'landline', 'postalAddress', 'urgentContacts', 'urgentTelephone', 'signature', 'preferences',
  ]),
  // an organisation's enterprise certification (issue 21): what was submitted and decided
  certification: fields<BizCertificationRow>()(['organizeId', 'status', 'companyName', 'creditCode', 'legalPerson', 'area', 'address', 'licenceFile', 'contacts', 'reason', 'submittedBy', 'reviewedBy', 'certifiedAt', 'version']),
  // a signature image: which one is the default (the image itself is not a log's business)
  signImg: fields<SignImgRow>()(['userId', 'isDefault']),
  // system configuration: its typed keys (SysConfig) and the administrator list; the new users'
  // password is logged as "changed" only (config-routes passes a flag, never the hash)
  config: null,
  // a visualdev record: its form values (the model's own fields; system fields are the row's)
  record: null,
} as const satisfies Record<string, readonly string[] | null>;

export type AuditEntity = keyof typeof AUDIT_FIELDS;

/** Fields whose name alone says "secret": dropped even from entities logged whole (config, records). */
export const SECRET_FIELD = /pass(word)?|secret|token|hash|credential|private|api[-_]?key/i;

/** The logged projection of a row. Entities without an allow-list drop secret-named fields. */
export function projection(entity: AuditEntity, row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const allowed = AUDIT_FIELDS[entity] as readonly string[] | null;
  const out: Record<string, unknown> = {};
  if (allowed) {
    for (const key of allowed) if (row[key] !== undefined) out[key] = row[key];
  } else {
    for (const [key, value] of Object.entries(row)) if (!SECRET_FIELD.test(key) && value !== undefined) out[key] = value;
  }
  return out;
}
