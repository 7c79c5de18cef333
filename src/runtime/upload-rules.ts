/**
 * The upload limits of spec widgets 5 and 9, shared by the browser widgets and the server:
 * accept categories by extension, size units, chunk and hash-slice sizes. Pure: no DOM, no I/O.
 */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** spark-md5 reads the file in slices of this many bytes (state 'checking'). */
export const HASH_SLICE_BYTES = 10_240_000;
export const CHUNK_RETRIES = 5;

export const SIZE_UNITS = { KB: 1024, MB: 1048576, GB: 1073741824 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;
/** Default fileSize of the file and image widgets (spec 9: 10; the bare chunk uploader's is 5). */
export const DEFAULT_WIDGET_FILE_SIZE = 10;

export const ACCEPT_CATEGORIES = {
  image: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  video: ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  excel: ['xls', 'xlsx', 'csv'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  txt: ['txt'],
  // the rest of spec 5's "document" list: stored, never a category of its own in accept
  document: ['pages', 'epub', 'numbers', 'keynote', 'ppt', 'pptx'],
} as const;
export type AcceptCategory = Exclude<keyof typeof ACCEPT_CATEGORIES, 'document'>;

/** Every extension the server stores; anything else is refused whatever the widget accepts. */
export const STORABLE_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(ACCEPT_CATEGORIES).flat());

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The accept setting as a list of categories: a comma list of category names ('image,pdf'),
 * MIME-ish patterns ('image/*'), or empty / '*' / 'any' for anything storable.
 */
export function acceptCategories(accept: unknown): AcceptCategory[] | null {
  if (typeof accept !== 'string') return null;
  const parts = accept.split(',').map((p) => p.trim().toLowerCase().replace(/\/\*$/, '').replace(/^\./, '')).filter(Boolean);
  if (!parts.length || parts.some((p) => p === '*' || p === 'any' || p === 'all')) return null;
  const known = parts.filter((p): p is AcceptCategory => p in ACCEPT_CATEGORIES && p !== 'document');
  return known.length ? known : null;
}

/** Whether a file name's extension is in one of the categories (null = any storable extension). */
export function extensionAccepted(name: string, categories: readonly AcceptCategory[] | null): boolean {
  const ext = extensionOf(name);
  if (!STORABLE_EXTENSIONS.has(ext)) return false;
  if (!categories) return true;
  return categories.some((c) => (ACCEPT_CATEGORIES[c] as readonly string[]).includes(ext));
}

/** fileSize + sizeUnit in bytes (defaults: 10 MB). */
export function sizeLimitBytes(fileSize: unknown, sizeUnit: unknown, fallback = DEFAULT_WIDGET_FILE_SIZE): { bytes: number; size: number; unit: SizeUnit } {
  const unit: SizeUnit = typeof sizeUnit === 'string' && sizeUnit.toUpperCase() in SIZE_UNITS ? (sizeUnit.toUpperCase() as SizeUnit) : 'MB';
  const size = typeof fileSize === 'number' && fileSize > 0 ? fileSize : Number(fileSize) > 0 ? Number(fileSize) : fallback;
  return { bytes: size * SIZE_UNITS[unit], size, unit };
}

export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / CHUNK_SIZE));

/** Image kinds the preview shows in its image viewer (spec 2.12). */
export const VIEWER_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif'];
/** Kinds the browser shows in a frame. */
export const FRAME_PREVIEW_EXTENSIONS = ['pdf', 'txt', 'mp3', 'wav', 'ogg', 'aac', 'flac', 'mp4', 'webp'];

export interface UploadLimits {
  /** Most files the field holds (0 or unset: no limit). */
  limit: number;
  sizeBytes: number;
  size: number;
  unit: SizeUnit;
  categories: AcceptCategory[] | null;
}

/** The field's limits from its props (limit, fileSize, sizeUnit, accept); the image widget accepts images only. */
export function uploadLimitsOf(props: Record<string, unknown>, image: boolean): UploadLimits {
  const { bytes, size, unit } = sizeLimitBytes(props.fileSize, props.sizeUnit);
  const limit = typeof props.limit === 'number' && props.limit > 0 ? props.limit : 0;
  return { limit, sizeBytes: bytes, size, unit, categories: image ? ['image'] : acceptCategories(props.accept) };
}

export type UploadRefusal =
  | { reason: 'limit'; n: number }
  | { reason: 'size'; size: number; unit: SizeUnit }
  | { reason: 'type'; types: string };

/** Spec 5: the first limit a chosen file breaks, given how many the field holds or is uploading. */
export function refusalOf(file: { name: string; size: number }, limits: UploadLimits, held: number): UploadRefusal | null {
  if (limits.limit && held >= limits.limit) return { reason: 'limit', n: limits.limit };
  if (!extensionAccepted(file.name, limits.categories)) return { reason: 'type', types: (limits.categories ?? []).join('、') || extensionOf(file.name) };
  if (file.size > limits.sizeBytes) return { reason: 'size', size: limits.size, unit: limits.unit };
  return null;
}
