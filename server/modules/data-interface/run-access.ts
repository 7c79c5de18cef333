import type { Principal } from '../../auth/principal';
import type { Db } from '../../db';
import type { DataInterfaceRow } from '../../db/schema';
import { AppError, refuse } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import type { InterfaceExecutor } from './execute';
import { findInterface } from './routes';

/** Tells whether a user is granted a page that runs an interface (the visualdev module answers). */
export interface PageGrants {
  grantsRun(principal: Principal, name: { id: string; enCode: string }): Promise<boolean>;
}

/**
 * Who may run a data interface (issue 9 item 2): administrators; holders of
 * 'system.dataInterface:manage' (they write interfaces, so they may try them); a user granted a
 * menu entry whose model, report or portal runs the interface; a role granted the interface
 * itself (base_authorize item type 'dataInterface'). Nobody runs a disabled interface.
 */
export class InterfaceRunAccess {
  private pageGrants: PageGrants | null = null;

  constructor(
    private readonly db: Db,
    readonly executor: InterfaceExecutor,
  ) {}

  /** The visualdev module tells which pages run which interface once its pages are loaded. */
  usePageGrants(grants: PageGrants): void {
    this.pageGrants = grants;
  }

  async mayRun(principal: Principal, row: Pick<DataInterfaceRow, 'id' | 'enCode'>): Promise<boolean> {
    if (principal.isAdministrator || principal.permissions.has('system.dataInterface:manage')) return true;
    if (principal.roleIds.length) {
      const own = await this.db
        .selectFrom('baseAuthorize')
        .select('id')
        .where('objectType', '=', 'Role')
        .where('objectId', 'in', principal.roleIds)
        .where('itemType', '=', 'dataInterface')
        .where('itemId', '=', row.id)
        .executeTakeFirst();
      if (own) return true;
    }
    return this.pageGrants ? this.pageGrants.grantsRun(principal, row) : false;
  }

  /** The interface a route may run for this user: 403 without a grant, refused when disabled. */
  async runnable(principal: Principal, id: string): Promise<DataInterfaceRow> {
    const row = await findInterface(this.db, id);
    if (!(await this.mayRun(principal, row))) throw new AppError(ReplyCode.forbidden, 'dataInterface.runDenied');
    if (Number(row.enabledMark) !== 1) throw refuse('dataInterface.disabled');
    return row;
  }

  /**
   * An enabled interface a page's own field names (its grant is the page's, already judged by
   * the caller: a record save or a short-link submission of that model).
   */
  async usedByPage(id: string): Promise<DataInterfaceRow> {
    const row = await findInterface(this.db, id);
    if (Number(row.enabledMark) !== 1) throw refuse('dataInterface.disabled');
    return row;
  }
}
