import type { Db } from '../../../db';
import { nameIn } from '../../../http/translations';
import type { Locale } from '../../../../src/runtime/i18n';
import type { PageDescriptors } from '../../visualdev/page-descriptors';
import { LINKED_TYPES, type LinkChecker, type LinkKind } from './validation';

/** Which kind of module a menu type links to: 2 an admin descriptor, 3/4/5/8 as spec 2.4 says. */
export const linkKindOf = (type: number): LinkKind | null => (type === 2 ? 'resource' : LINKED_TYPES[type] ?? null);

/**
 * What a menu entry may link to: models are rows of base_visualdev (drafts too: an entry may be
 * made before its model is released; the page says so until then); dictionary, report, portal
 * and admin pages are the descriptor files the visualdev module loaded.
 */
export class LinkTargets implements LinkChecker {
  constructor(
    private readonly db: Db,
    private readonly pages: PageDescriptors,
  ) {}

  async exists(kind: LinkKind, id: string): Promise<boolean> {
    if (kind === 'model') return Boolean(await this.db.selectFrom('baseVisualdev').select('id').where('id', '=', id).executeTakeFirst());
    return this.pages.get(kind, id) !== undefined;
  }

  /** { id, fullName } options in the caller's language, by name. */
  async options(kind: LinkKind, locale: Locale): Promise<{ id: string; fullName: string }[]> {
    if (kind === 'model') {
      const rows = await this.db.selectFrom('baseVisualdev').select(['id', 'fullName', 'fullNameI18n', 'sortCode']).orderBy('sortCode').orderBy('fullName').execute();
      return rows.map((r) => ({ id: r.id, fullName: nameIn(locale, r) }));
    }
    return this.pages.ids(kind).map((id) => ({ id, fullName: this.pages.get(kind, id, locale)?.fullName ?? id }));
  }
}
