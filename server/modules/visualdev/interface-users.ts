import type { Principal } from '../../auth/principal';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { ReplyCode } from '../../../src/runtime/codes';
import { interfacesOfModel, interfacesOfPortal, interfacesOfReport } from '../../../src/runtime/model/interfaces';
import { grantedMenusOf } from './model-permissions';
import { releasedModel } from './model-store';
import type { PageDescriptors } from './page-descriptors';

/** An interface as pages may name it: by id or by enCode. */
export interface InterfaceName {
  id: string;
  enCode: string;
}

/**
 * The pages that run a data interface — released models (a field fed by it, a popup select
 * over it) and the report and portal files — and whether a user is granted a menu entry
 * opening one of them. What a model uses is derived once per released definition (keyed by
 * its hash, so a release in another process is seen on the next call), never per request.
 */
export class InterfaceUsers {
  private readonly models = new Map<string, { hash: string; refs: ReadonlySet<string> }>();

  constructor(
    private readonly db: Db,
    private readonly pages: PageDescriptors,
  ) {}

  /** Ids of the released models and page files that run the interface. */
  async pagesUsing(name: InterfaceName): Promise<string[]> {
    const uses = (refs: ReadonlySet<string>) => refs.has(name.id) || refs.has(name.enCode);
    const out: string[] = [];
    const heads = await this.db.selectFrom('baseVisualdev').select(['id', 'releasedHash']).where('releasedAt', 'is not', null).execute();
    for (const head of heads) {
      const refs = await this.modelRefs(head.id, head.releasedHash);
      if (refs && uses(refs)) out.push(head.id);
    }
    for (const id of this.pages.ids('report')) {
      const page = this.pages.get('report', id);
      if (page && uses(interfacesOfReport(page))) out.push(id);
    }
    for (const id of this.pages.ids('portal')) {
      const page = this.pages.get('portal', id);
      if (page && uses(interfacesOfPortal(page))) out.push(id);
    }
    return out;
  }

  /** Whether the user is granted a menu entry opening a page that runs the interface. */
  async grantsRun(principal: Principal, name: InterfaceName): Promise<boolean> {
    for (const pageId of await this.pagesUsing(name)) {
      try {
        grantedMenusOf(principal, pageId);
        return true;
      } catch (error) {
        if (!(error instanceof AppError && error.code === ReplyCode.forbidden)) throw error;
      }
    }
    return false;
  }

  private async modelRefs(id: string, hash: string | null): Promise<ReadonlySet<string> | null> {
    const hit = this.models.get(id);
    if (hit && hash && hit.hash === hash) return hit.refs;
    let refs: ReadonlySet<string>;
    try {
      refs = interfacesOfModel(await releasedModel(this.db, id));
    } catch {
      return null; // a definition that no longer compiles opens no page
    }
    // Without a hash (a renamed model) the next call compiles again, after releasedModel stored it.
    if (hash) this.models.set(id, { hash, refs });
    return refs;
  }
}
