import type { Generated } from 'kysely';

/**
 * Row types of the platform's own tables. Column names are camelCase here and
 * snake_case in the database (Kysely's CamelCasePlugin maps them).
 * Times are epoch milliseconds; flags are 0/1 integers so both dialects agree.
 */
export interface Database {
  baseSystem: SystemRow;
  baseOrganize: OrganizeRow;
  basePosition: PositionRow;
  baseGroup: GroupRow;
  baseRole: RoleRow;
  baseUser: UserRow;
  baseUserRelation: UserRelationRow;
  baseModule: ModuleRow;
  baseModuleItem: ModuleItemRow;
  baseAuthorize: AuthorizeRow;
  baseModuleDataScheme: ModuleDataSchemeRow;
  baseModuleRemoved: ModuleRemovedRow;
  baseColumnsPurview: ColumnsPurviewRow;
  baseSysConfig: SysConfigRow;
  baseAccessVersion: AccessVersionRow;
  baseSession: SessionRow;
  baseLoginLog: LoginLogRow;
  baseLoginFailure: LoginFailureRow;
  baseSmsCode: SmsCodeRow;
  baseCaptcha: CaptchaRow;
  baseUserProfile: UserProfileRow;
  baseSignImg: SignImgRow;
  baseRegistration: RegistrationRow;
  baseScanTicket: ScanTicketRow;
  baseVisualdev: VisualdevRow;
  visualdevRecord: VisualdevRecordRow;
  visualdevRecordValue: VisualdevRecordValueRow;
  visualdevRecordText: VisualdevRecordTextRow;
  visualdevRecordCount: VisualdevRecordCountRow;
  visualdevRecordScopeCount: VisualdevRecordScopeCountRow;
  baseDictionaryType: DictionaryTypeRow;
  baseDictionaryData: DictionaryDataRow;
  baseDataInterface: DataInterfaceRow;
  baseDataInterfaceLog: DataInterfaceLogRow;
  baseExportTicket: ExportTicketRow;
  baseVisualdevShortLink: ShortLinkRow;
  baseVisualdevShortLinkSubmission: ShortLinkSubmissionRow;
  baseVisualdevShortLinkHit: ShortLinkHitRow;
  baseArea: AreaRow;
  baseOrganizeRelation: OrganizeRelationRow;
  baseBillRule: BillRuleRow;
  baseBillRuleIssued: BillRuleIssuedRow;
  baseSynThirdInfo: SynThirdInfoRow;
  baseRequestLog: RequestLogRow;
  baseAuditLog: AuditLogRow;
  baseMessageTemplate: MessageTemplateRow;
  basePrintDev: PrintDevRow;
  baseMessage: MessageRow;
  baseMessageReceive: MessageReceiveRow;
  baseImContent: ImContentRow;
  baseImReply: ImReplyRow;
  bizAccount: BizAccountRow;
  bizLedger: BizLedgerRow;
  bizWarehouse: BizWarehouseRow;
  bizGoods: BizGoodsRow;
  bizPrice: BizPriceRow;
  bizPriceAlert: BizPriceAlertRow;
  bizStock: BizStockRow;
  bizStockLedger: BizStockLedgerRow;
  bizOrder: BizOrderRow;
  bizOrderLine: BizOrderLineRow;
  bizWaitGoods: BizWaitGoodsRow;
  bizPickup: BizPickupRow;
  bizPickupLine: BizPickupLineRow;
  bizSettlement: BizSettlementRow;
  bizInvoice: BizInvoiceRow;
  bizCertification: BizCertificationRow;
  flowEngine: FlowEngineRow;
  flowTask: FlowTaskRow;
  flowOperator: FlowOperatorRow;
  flowRecord: FlowRecordRow;
  flowCirculate: FlowCirculateRow;
  flowDelegate: FlowDelegateRow;
  flowEngineVersion: FlowEngineVersionRow;
  flowTimer: FlowTimerRow;
  jobLease: JobLeaseRow;
  baseFile: FileRow;
  basePrintLog: PrintLogRow;
  mailAccount: MailAccountRow;
  mailMessage: MailMessageRow;
  mailSync: MailSyncRow;
}

export interface SystemRow {
  id: string;
  fullName: string;
  enCode: string;
  icon: string | null;
  sortCode: number;
  enabledMark: number;
}

export interface OrganizeRow {
  id: string;
  parentId: string; // '-1' for a root
  category: 'company' | 'department';
  fullName: string;
  enCode: string;
  /** The manager: a user id (migration 0015). */
  managerId: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

export interface PositionRow {
  id: string;
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

export interface GroupRow {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

export interface RoleRow {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  /** 1 = global role, 0 = belongs to organisations. */
  globalMark: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

export interface UserRow {
  id: string;
  account: string;
  realName: string;
  /** argon2id of the client-side MD5 of the password. */
  passwordHash: string;
  mobile: string | null;
  email: string | null;
  /** A code of the sex dictionary: 1 男, 2 女, 3 保密. */
  gender: number | null;
  headIcon: string | null;
  signImg: string | null;
  organizeId: string | null;
  /** The major (current) position. */
  positionId: string | null;
  managerId: string | null;
  /** 1 = system administrator: every permission. */
  isAdministrator: number;
  /** 'staff' or 'customer' (a business customer). */
  userKind: string;
  enabledMark: number;
  theme: string | null;
  language: string | null;
  portalId: string | null;
  /** Null until the user changes the initial password. */
  changePasswordDate: number | null;
  prevLoginTime: number | null;
  prevLoginIp: string | null;
  lastLoginTime: number | null;
  lastLoginIp: string | null;
  description: string | null;
  createdAt: number;
  updatedAt: number | null;
}

export interface UserRelationRow {
  id: string;
  userId: string;
  objectType: 'Role' | 'Position' | 'Group' | 'Organize';
  objectId: string;
  sortCode: number;
}

export interface ModuleRow {
  id: string;
  parentId: string; // '-1' for a root
  systemId: string;
  /** Menu type 0–8 (spec 2.4). */
  type: number;
  fullName: string;
  /** JSON text { "zh-TW": …, "en": … }: fullName in other languages (src/runtime/i18n/texts.ts). */
  fullNameI18n: string | null;
  enCode: string;
  icon: string | null;
  urlAddress: string | null;
  linkTarget: string | null;
  /** JSON text: { moduleId, isTree, ... } for types 3, 4, 5, 8. */
  propertyJson: string | null;
  sortCode: number;
  enabledMark: number;
  isHidden: number;
  description: string | null;
  createdAt: number;
}

/** The code of a menu entry an administrator deleted: schemas/menu.json does not add it again (server/db/menu-file.ts). */
export interface ModuleRemovedRow {
  enCode: string;
  removedAt: number;
  removedBy: string | null;
}

/** A permission item of a menu page: a button, list column or form field code. */
export interface ModuleItemRow {
  id: string;
  moduleId: string;
  kind: 'button' | 'column' | 'form';
  fullName: string;
  /** JSON text { "zh-TW": …, "en": … }: fullName in other languages (src/runtime/i18n/texts.ts). */
  fullNameI18n: string | null;
  enCode: string;
  sortCode: number;
}

/** Which organisations an organisation role (globalMark 0) belongs to (migration 0015). */
export interface OrganizeRelationRow {
  id: string;
  organizeId: string;
  objectType: 'Role';
  objectId: string;
  sortCode: number;
  createdAt: number;
}

/** An administrative division (migration 0017): id and enCode are the six-digit division code. */
export interface AreaRow {
  id: string;
  parentId: string; // '-1' for a province
  fullName: string;
  enCode: string;
  /** '1' province, '2' city, '3' district, '4' street. */
  type: string;
  /** Pinyin initials for search; the seeded data set has none. */
  quickQuery: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

/** A grant: a role may see a module, module item, or call an API permission code. */
export interface AuthorizeRow {
  id: string;
  objectType: 'Role';
  objectId: string;
  itemType: 'module' | 'button' | 'column' | 'form' | 'resource' | 'api' | 'dataInterface';
  /** Module id, module item id, data-scope scheme id (resource), API permission code, or data interface id (who may run it). */
  itemId: string;
}

/** Who sees which records of a menu's model: all, orgAndBelow, org, department, own, or custom field conditions. */
export type DataScopeType = 'all' | 'orgAndBelow' | 'org' | 'department' | 'own' | 'custom';

/** A data-scope scheme of a menu entry (granted to roles as authorize item type 'resource'). */
export interface ModuleDataSchemeRow {
  id: string;
  moduleId: string;
  fullName: string;
  /** JSON text { "zh-TW": …, "en": … }: fullName in other languages. */
  fullNameI18n: string | null;
  enCode: string;
  scopeType: DataScopeType;
  /** custom: JSON text { logic: 'and' | 'or', conditions: [{ field, op, value }] } (server/auth/data-scope.ts). */
  conditionJson: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

/** The list columns a user chose for a page (Authority GetColumnsByModuleId / SetColumnsByModuleId). */
export interface ColumnsPurviewRow {
  id: string;
  userId: string;
  moduleId: string;
  /** JSON text as the client sent it. */
  fieldList: string;
  updatedAt: number;
}

/** The one-row access counter (server/auth/access-version.ts). */
export interface AccessVersionRow {
  id: number;
  version: number | string;
}

export interface SysConfigRow {
  key: string;
  value: string;
}

export interface SessionRow {
  id: string;
  /** SHA-256 of the opaque bearer token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** Why it was revoked: 601 signed in elsewhere, 602 invalidated (logout, password change). */
  revokedCode: number | null;
  locked: number;
  ip: string | null;
  userAgent: string | null;
}

export interface LoginLogRow {
  id: string;
  userId: string | null;
  account: string;
  success: number;
  message: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: number;
  /** 'login' (every sign-in attempt) or 'logout'. */
  kind: Generated<string>;
}

/** One /api request (no query string, no body), written in batches after the answer. */
export interface RequestLogRow {
  id: string;
  createdAt: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId: string | null;
  account: string | null;
  ip: string | null;
}

/** One create, update or delete; `changes` is JSON [{ field, before, after }] of an allow-listed projection. */
export interface AuditLogRow {
  id: string;
  createdAt: number;
  actorId: string | null;
  actorAccount: string | null;
  ip: string | null;
  entity: string;
  entityId: string;
  entityName: string | null;
  action: string;
  changes: string;
}

/** Failed sign-in attempts per account text (known or not, so nothing is revealed). */
export interface LoginFailureRow {
  account: string;
  failures: number;
  lastFailedAt: number;
  lockedUntil: number | null;
}

export interface SmsCodeRow {
  id: string;
  phone: string;
  purpose: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  attempts: number;
}

export interface CaptchaRow {
  id: string;
  code: string;
  createdAt: number;
  expiresAt: number;
}


/** A visual-development model: its draft definition and the released snapshot (compiled at load). */
export interface VisualdevRow {
  id: string;
  fullName: string;
  /** JSON text { "zh-TW": …, "en": … }: fullName in other languages (src/runtime/i18n/texts.ts). */
  fullNameI18n: string | null;
  enCode: string;
  category: string | null;
  /** 1 = generated function page, 2 = … (as exported). */
  type: number;
  webType: number;
  /** JSON text of the form definition (draft). */
  formData: string | null;
  /** JSON text of the list configuration (draft). */
  columnData: string | null;
  /** JSON text of bound tables ('[]' = records stored as JSON documents). */
  tables: string | null;
  sortCode: number;
  /** 0 draft, 1 released. */
  state: number;
  description: string | null;
  releasedFormData: string | null;
  releasedColumnData: string | null;
  /** SHA-256 of the released definition (model-store definitionHash): compiled models are cached by it. */
  releasedHash: string | null;
  /** Which fields the model's records are indexed by (record-store indexSignature). */
  indexSignature: string | null;
  releasedAt: number | null;
  /** File under schemas/models the row was loaded from (null = made in the designer). */
  sourceFile: string | null;
  sourceHash: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** One record of a model without bound tables: a JSON document. */
export interface VisualdevRecordRow {
  id: string;
  modelId: string;
  data: string;
  createdBy: string | null;
  createdAt: number;
  modifiedBy: string | null;
  modifiedAt: number | null;
  organizeId: string | null;
  departmentId: string | null;
  positionId: string | null;
}

/** Index entry: one searchable/sortable field value of a record. */
export interface VisualdevRecordValueRow {
  recordId: string;
  modelId: string;
  field: string;
  textValue: string | null;
  numValue: number | null;
}

/**
 * The keyword box's text index: one row per record and keyword field with a value (the value
 * index's text). SQLite indexes it with FTS5 trigrams (visualdev_record_fts), PostgreSQL with pg_trgm.
 */
export interface VisualdevRecordTextRow {
  id: Generated<number>;
  recordId: string;
  modelId: string;
  field: string;
  textValue: string;
  /** The record's created_at (never changes), so a keyword search sorts its matches from these rows. */
  createdAt: number;
}

/** A model's number of records, kept in the transaction of every insert and delete (record-store.ts). */
export interface VisualdevRecordCountRow {
  modelId: string;
  total: number | string;
}

/** A dictionary category; parentId '-1' for a root. enCode is unique. */
export interface DictionaryTypeRow {
  id: string;
  parentId: string;
  fullName: string;
  /** JSON text { "zh-TW": …, "en": … }: fullName in other languages (src/runtime/i18n/texts.ts). */
  fullNameI18n: string | null;
  enCode: string;
  /** 1 = entries form a tree. */
  isTree: number;
  sortCode: number;
  description: string | null;
  createdAt: number;
}

/** A dictionary entry; parentId '0' at the top of its category. enCode is unique per category. */
export interface DictionaryDataRow {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  /** JSON text { "zh-TW": …, "en": … }: fullName in other languages (src/runtime/i18n/texts.ts). */
  fullNameI18n: string | null;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
}

/** A data interface: 1 SQL (one read-only SELECT), 2 static JSON rows, 3 HTTP API. */
export interface DataInterfaceRow {
  id: string;
  categoryId: string | null;
  fullName: string;
  enCode: string;
  type: number;
  dataSource: string | null;
  /** The SQL statement (type 1) or the static JSON array (type 2). */
  queryText: string | null;
  /** 'GET' or 'POST' (type 3). */
  requestMethod: string | null;
  /** The URL (type 3). */
  path: string | null;
  /** JSON text: [{ field, value }] (type 3). */
  requestHeaders: string | null;
  /** JSON text: [{ field, dataType, defaultValue, required }]. */
  requestParameters: string | null;
  /** JSON text: the field names of the result, as last read by GetFields or saved. */
  responseFields: string | null;
  enabledMark: number;
  sortCode: number;
  description: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** One execution of a data interface. */
export interface DataInterfaceLogRow {
  id: string;
  interfaceId: string;
  invokedAt: number;
  durationMs: number;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  success: number;
  message: string | null;
}

/** A short-lived link to an export file (id = SHA-256 of the ticket in the URL). */
export interface ExportTicketRow {
  id: string;
  kind: string;
  objectId: string;
  userId: string;
  expiresAt: number;
}

/** Profile fields and preferences of a user beyond base_user; one row, made on first save. */
export interface UserProfileRow {
  userId: string;
  birthday: number | null;
  landline: string | null;
  postalAddress: string | null;
  urgentContacts: string | null;
  urgentTelephone: string | null;
  signature: string | null;
  /** Id of a Nation dictionary entry. */
  nation: string | null;
  nativePlace: string | null;
  /** Id of a certificateType dictionary entry. */
  certificatesType: string | null;
  certificatesNumber: string | null;
  /** Id of an Education dictionary entry. */
  education: string | null;
  /** Office phone. */
  telePhone: string | null;
  /** Day the person joined (epoch ms); set by staff administration, read-only in the profile. */
  entryDate: number | null;
  /** JSON text: { layoutType, themeColor, slideClass, size } chosen in the settings drawer. */
  preferences: string | null;
  updatedAt: number;
}

/** A signature image of a user (a PNG or JPEG data URL); at most one is the default. */
export interface SignImgRow {
  id: string;
  userId: string;
  signImg: string;
  isDefault: number;
  createdAt: number;
}

/** A business customer's self-registration; the account stays disabled until approved. */
export interface RegistrationRow {
  id: string;
  userId: string;
  mobile: string;
  companyName: string;
  contactName: string;
  /** 'pending' | 'approved' */
  state: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

/** A scan-login ticket (id = SHA-256 of the ticket shown in the QR code). */
export interface ScanTicketRow {
  id: string;
  /** 'waiting' | 'scanned' | 'confirmed' */
  status: string;
  userId: string | null;
  createdAt: number;
  expiresAt: number;
  confirmedAt: number | null;
  /** When the poller received its token: the ticket is then spent. */
  deliveredAt: number | null;
}

/** A model's form short link (/formShortLink?code=…): anonymous filling where the model allows it. */
export interface ShortLinkRow {
  id: string;
  modelId: string;
  /** The unguessable code in the URL (32 url-safe characters). */
  code: string;
  allowFill: number;
  /** 1 = a submitter may view the record they submitted, through its receipt. */
  allowView: number;
  /** argon2id of the access password; null = none. */
  passwordHash: string | null;
  enabled: number;
  expiresAt: number | null;
  maxSubmissions: number | null;
  submissions: number;
  createdBy: string | null;
  createdAt: number;
  updatedBy: string | null;
  updatedAt: number | null;
}

/** A record filled through a short link; receiptHash = SHA-256 of the receipt given to the submitter. */
export interface ShortLinkSubmissionRow {
  id: string;
  linkId: string;
  modelId: string;
  recordId: string;
  receiptHash: string;
  ip: string | null;
  createdAt: number;
  receiptExpiresAt: number;
}

/** One counted call through a short link, for the per-IP rate limits ('submit' | 'password'). */
export interface ShortLinkHitRow {
  id: string;
  linkId: string;
  ip: string;
  kind: string;
  createdAt: number;
}

/** A model's number of records per value of a data-scope column (organizeId, departmentId, createdBy). */
export interface VisualdevRecordScopeCountRow {
  modelId: string;
  scopeColumn: string;
  value: string;
  total: number | string;
}

/** A numbering rule (单据规则): numbers are prefix + date in dateFormat + lastNumber padded to digit places. */
export interface BillRuleRow {
  id: string;
  fullName: string;
  enCode: string;
  /** Code of a businessType dictionary entry. */
  category: string | null;
  prefix: string;
  /** yyyyMMdd, yyyyMM, yyyy or no. */
  dateFormat: string;
  digit: number;
  /** Digits as typed; the first running number of each period. */
  startNumber: string;
  /** The running number last issued (null: none yet). */
  lastNumber: number | null;
  /** The date part lastNumber was issued in ('' for the format 'no'). */
  lastPeriod: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** A number GET BillNumber handed out that no record holds yet. */
export interface BillRuleIssuedRow {
  ruleId: string;
  number: string;
  issuedAt: number;
  issuedBy: string | null;
}

/** What was pushed to a workplace-messaging service (migration 0021). */
export interface SynThirdInfoRow {
  /** 1 WeCom, 2 DingTalk. */
  thirdType: number;
  /** 1 organisation, 2 user. */
  dataType: number;
  sysObjId: string;
  thirdObjId: string | null;
  /** 1 pushed, 2 failed. */
  synState: number;
  description: string | null;
  lastModifyTime: number;
}

/** A message template (消息模板): what a message of a type says on a channel; {name} placeholders are filled when sent. */
export interface MessageTemplateRow {
  id: string;
  fullName: string;
  enCode: string;
  /** Code of a messageType dictionary entry ('1' announcement, '2' flow, '3' system). */
  messageType: string;
  /** Code of a messageChannel dictionary entry (site, mail, sms, dingTalk, weCom, webhook). */
  channel: string;
  title: string;
  content: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** A print template (打印模板): HTML with placeholders one record of its model fills (src/runtime/print-template.ts). */
export interface PrintDevRow {
  id: string;
  fullName: string;
  fullNameI18n: string | null;
  enCode: string;
  /** Code of a businessType dictionary entry. */
  category: string;
  /** 1 flow, 2 form. */
  type: number;
  /** The visualdev model the template prints. */
  formId: string;
  /** Sanitised HTML (server/modules/system/print-dev/sanitize.ts). */
  templateHtml: string;
  paperSize: string;
  /** portrait or landscape. */
  orientation: string;
  /** JSON [top, right, bottom, left] in millimetres. */
  margins: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** An in-site message (spec 3): an announcement (type 1), a flow (2) or a system (3) message. */
export interface MessageRow {
  id: string;
  type: number;
  /** Flow messages: 2 goes to the entrust page, others to flow detail. */
  flowType: number | null;
  title: string;
  bodyText: string | null;
  /** JSON array of attached files ({ name, fileId }). */
  files: string | null;
  /** JSON array of recipients' user ids; null: everyone (announcements). */
  toUserIds: string | null;
  linkId: string | null;
  /** 0 draft, 1 released. */
  enabledMark: number;
  releaseUserId: string | null;
  releaseTime: number | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** One recipient's copy of a released message, with their read state. */
export interface MessageReceiveRow {
  id: string;
  messageId: string;
  userId: string;
  /** 0 unread, 1 read. */
  isRead: number;
  readTime: number | null;
  createdAt: number;
}

/** A chat message (spec 3 "Chat message"), stored before it is acknowledged. */
export interface ImContentRow {
  id: string;
  sendUserId: string;
  receiveUserId: string;
  /** text, image, voice or video. */
  contentType: string;
  /** The text, or JSON describing the file ({ fileId, name, width, height, duration }). */
  content: string;
  /** The uploaded file of an image, voice or video message. */
  fileId: string | null;
  sendTime: number;
  /** 0 unread, 1 read by the receiver. */
  readState: number;
  receiveTime: number | null;
}

/** One person's conversation with a contact (spec 3 "Chat conversation"). */
export interface ImReplyRow {
  /** userId:contactId. */
  id: string;
  userId: string;
  contactId: string;
  latestTime: number;
  /** 1 after 'remove' until the next message. */
  hidden: number;
  /** History up to this moment is hidden for this person ('delete chat records'). */
  clearedAt: number;
}

/** An uploaded file (server/modules/file/uploads): the bytes are on disk under the upload root as storedName. */
export interface FileRow {
  id: string;
  ownerId: string;
  originalName: string;
  /** Lower-case, without the dot. */
  extension: string;
  size: number;
  mime: string;
  /** Hex MD5 of the bytes, verified at merge. */
  md5: string;
  storedName: string;
  createdAt: number;
}

/** One print of a record through a print template (打印日志). */
export interface PrintLogRow {
  id: string;
  userId: string;
  createdAt: number;
  templateId: string;
  modelId: string;
  recordId: string;
  printTitle: string;
  printNum: number;
}

/** A customer organisation's money (fen): the capital pool and the credit line. */
export interface BizAccountRow {
  id: string;
  /** The customer organisation (its company). */
  organizeId: string;
  balance: number;
  frozen: number;
  creditLimit: number;
  creditUsed: number;
  createdAt: number;
  updatedAt: number;
}

/** One movement of an account, with the deltas it applied and the figures after it. */
export interface BizLedgerRow {
  id: string;
  accountId: string;
  kind: string;
  balanceDelta: number;
  frozenDelta: number;
  creditUsedDelta: number;
  creditLimitAfter: number;
  balanceAfter: number;
  frozenAfter: number;
  creditUsedAfter: number;
  refType: string | null;
  refId: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: number;
}

// The ordering domain (migration 0033; rules in docs/BUSINESS.md): money in fen, weights in kg,
// prices in fen per tonne. bigint columns arrive as strings on PostgreSQL: read them with Number().

export interface BizWarehouseRow { id: string; fullName: string; address: string | null; sortCode: number; enabledMark: number; createdAt: number }

export interface BizGoodsRow {
  id: string; category: string; fullName: string; material: string | null; spec: string | null; unit: string; warehouseId: string;
  /** The latest price (fen per tonne) and when it was set; null before the first. */
  price: number | null; priceAt: number | null;
  enabledMark: number; createdBy: string | null; createdAt: number; updatedAt: number | null;
}

export interface BizPriceRow { id: string; goodsId: string; price: number; createdBy: string | null; createdAt: number }

export interface BizPriceAlertRow {
  id: string; userId: string; goodsId: string; direction: 'above' | 'below'; threshold: number; enabledMark: number;
  /** When the alert fired (it fires once, then stays off until set again). */
  firedAt: number | null; createdAt: number;
}

export interface BizStockRow { id: string; warehouseId: string; goodsId: string; kg: number; updatedAt: number }

export interface BizStockLedgerRow {
  id: string; stockId: string; kind: 'receipt' | 'outbound' | 'adjust'; kgDelta: number; kgAfter: number;
  refType: string | null; refId: string | null; note: string | null; createdBy: string | null; createdAt: number;
}

/** 1 placed, 2 confirmed, 3 cancelled, 4 settled. */
export type BizOrderStatus = 1 | 2 | 3 | 4;

export interface BizOrderRow {
  id: string; orderNo: string; organizeId: string; status: BizOrderStatus;
  amount: number; poolAmount: number; creditAmount: number; settledAmount: number | null; invoicedAmount: number;
  note: string | null; createdBy: string; createdAt: number; confirmedBy: string | null; confirmedAt: number | null; closedAt: number | null;
}

export interface BizOrderLineRow { id: string; orderId: string; goodsId: string; warehouseId: string; kg: number; price: number; amount: number; sortCode: number }

export interface BizWaitGoodsRow {
  id: string; organizeId: string; orderLineId: string; goodsId: string; warehouseId: string;
  kgTotal: number; kgReserved: number; kgTransferred: number; sourceId: string | null; createdAt: number; updatedAt: number;
}

/** 1 requested, 2 done, 3 cancelled. */
export interface BizPickupRow {
  id: string; pickupNo: string; organizeId: string; status: 1 | 2 | 3; noSpec: number; category: string | null;
  vehicle: string; driver: string; phone: string; plannedDate: number; note: string | null;
  createdBy: string; createdAt: number; confirmedBy: string | null; confirmedAt: number | null;
}

export interface BizPickupLineRow { id: string; pickupId: string; waitGoodsId: string; kg: number; kgActual: number | null }

export interface BizSettlementRow {
  id: string; orderId: string; organizeId: string; orderedAmount: number; actualAmount: number; orderedKg: number; actualKg: number;
  deducted: number; released: number; charged: number; creditKept: number; creditReleased: number; createdAt: number;
}

/** 1 requested, 2 issued, 3 rejected. */
export interface BizInvoiceRow {
  id: string; invoiceNo: string; organizeId: string; orderId: string; title: string; taxNo: string; amount: number; status: 1 | 2 | 3;
  reason: string | null; fileJson: string | null; createdBy: string; createdAt: number; handledBy: string | null; handledAt: number | null;
}

/** A customer organisation's enterprise certification (migration 0036): 0 draft, 1 submitted, 2 approved, 3 rejected. */
export interface BizCertificationRow {
  id: string; organizeId: string; status: 0 | 1 | 2 | 3; companyName: string | null; creditCode: string | null; legalPerson: string | null;
  area: string | null; address: string | null; licenceFile: string | null; contacts: string | null; reason: string | null; approvedJson: string | null;
  submittedBy: string | null; submittedAt: number | null; reviewedBy: string | null; reviewedAt: number | null; certifiedAt: number | null;
  version: number; createdAt: number; updatedAt: number | null;
}

// Approval flows (migration 0034; docs/FLOWS.md).

export interface FlowEngineRow {
  id: string; enCode: string; fullName: string; category: string | null;
  /** The model whose form the flow fills; null: the template's own field list. */
  modelId: string | null;
  /** The current version's template (a copy of flow_engine_version's newest row); `version` its number. */
  templateJson: string; version: number; description: string | null; sortCode: number; enabledMark: number; createdAt: number; updatedAt: number | null;
}

/** Every saved version of an engine's template (migration 0035): a task runs the version it started with. */
export interface FlowEngineVersionRow { id: string; engineId: string; version: number; templateJson: string; createdBy: string | null; createdAt: number }

/** Flow status: 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel (spec 3). */
export type FlowStatus = 1 | 2 | 3 | 4 | 5;

export interface FlowTaskRow {
  id: string; engineId: string; title: string; urgent: number; status: FlowStatus; creatorUserId: string;
  formJson: string; positionJson: string; completedJson: string; thisStep: string | null; version: number;
  /** the engine version (flow_engine_version) the task runs */
  engineVersion: number;
  createdAt: number; updatedAt: number; completedAt: number | null;
}

/** 0 waiting, 1 acted, 2 closed without acting. */
export interface FlowOperatorRow {
  id: string; taskId: string; nodeId: string; userId: string; delegatedFrom: string | null; state: 0 | 1 | 2;
  handleStatus: number | null; createdAt: number; handledAt: number | null;
}

export interface FlowRecordRow {
  id: string; taskId: string; nodeId: string; nodeName: string; userId: string;
  /** 0 return, 1 pass, 2 initiate, 3 withdraw, 4 terminate, 5 assign, 6 add-sign, 7 transfer, 8 change, 9 revive (spec 3) */
  handleStatus: number; opinion: string | null; signImg: string | null; toUsers: string | null; createdAt: number;
}

export interface FlowCirculateRow { id: string; taskId: string; nodeId: string; userId: string; createdAt: number; readAt: number | null }

export interface FlowDelegateRow {
  id: string; userId: string; toUserId: string; engineIds: string | null; startTime: number; endTime: number; description: string | null; createdAt: number;
}

/** A node's reminder or time limit (migration 0035): acts only while the task is still at `taskVersion`. */
export interface FlowTimerRow {
  id: string; taskId: string; nodeId: string; kind: 'remind' | 'timeout'; taskVersion: number; dueAt: number; doneAt: number | null; createdAt: number;
}

/** A background job's lease (migration 0035): the holder runs the job until `until`. */
export interface JobLeaseRow { name: string; holder: string; until: number }

/** A user's mail account (migration 0037): IMAP to receive, SMTP to send; the password encrypted. */
export interface MailAccountRow {
  userId: string;
  email: string;
  displayName: string;
  imapHost: string;
  imapPort: number;
  imapSecure: number;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: number;
  username: string;
  /** AES-256-GCM under the server's secret key (server/security/secret-box.ts). */
  passwordEnc: string;
  uidValidity: string | null;
  lastUid: number;
  updatedAt: number;
}

export type MailFolder = 'inbox' | 'sent' | 'draft';

/** One mail of a user's folder. Addresses are display text ("Name <a@b>", comma-separated). */
export interface MailMessageRow {
  id: string;
  userId: string;
  folder: MailFolder;
  uid: number | null;
  messageId: string | null;
  inReplyTo: string | null;
  fromAddress: string;
  toAddress: string;
  ccAddress: string;
  subject: string;
  sentAt: number;
  html: string;
  textBody: string;
  readFlag: number;
  /** JSON: [{ fileId, name, size }] — files owned by the user. */
  attachments: string;
  createdAt: number;
}

/** The latest background receive of a user. */
export interface MailSyncRow {
  userId: string;
  state: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  received: number;
  errorKey: string | null;
  errorDetail: string | null;
  startedAt: number | null;
  finishedAt: number | null;
}
