import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../auth/access';
import type { Db } from '../../db';
import { Envelope, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { nameIn } from '../../http/translations';
import { ReplyCode } from '../../../src/runtime/codes';
import type { Locale } from '../../../src/runtime/i18n';
import { compileDictionaryPage, compilePortalPage, compileReportPage, compileResourcePage, type CompileResult } from '../../../src/runtime/compile';
import type { CompileProblem } from '../../../src/runtime/model/compiled';
import type { CompiledDictionaryPage, CompiledPortalPage, CompiledReportPage, CompiledResourcePage } from '../../../src/runtime/model/pages';
import { DictionaryPageSchema, PortalPageSchema, ReportPageSchema, ResourcePageSchema } from './page-schemas';
import { DESCRIPTOR_FOLDERS } from '../../../src/schemas';
import { findTypeByIdOrCode } from '../dictionary/repository';
import { errorsOf } from './compiler';
import { grantedMenusOf } from './model-permissions';

/**
 * Dictionary, report and portal pages (menu types 4, 5, 8) and admin resource pages (menu type 2
 * with a moduleId): the files under <schemasDir>/{dictionaries,reports,portals,admin} are compiled at start with the runtime's
 * compilers and held in memory; the routes serve the compiled page. A file that does not
 * compile is skipped with a log line (at start) or leaves the previous version in place
 * (on a change in development watch mode). Pages are files only: there is no database row.
 */
export type PageKind = 'dictionary' | 'report' | 'portal' | 'resource';
export const PAGE_KINDS: readonly PageKind[] = ['dictionary', 'report', 'portal', 'resource'];

interface CompiledOf {
  dictionary: CompiledDictionaryPage;
  report: CompiledReportPage;
  portal: CompiledPortalPage;
  resource: CompiledResourcePage;
}

const COMPILERS: { [K in PageKind]: (d: unknown, o: { file: string; strict: boolean; locale?: Locale }) => CompileResult<CompiledOf[K]> } = {
  dictionary: compileDictionaryPage,
  report: compileReportPage,
  portal: compilePortalPage,
  resource: compileResourcePage,
};

export interface PageLoadOutcome {
  kind: PageKind;
  /** File name inside its folder, e.g. demo-report.json. */
  file: string;
  /** The page id (null when the file could not be read far enough to know it). */
  id: string | null;
  status: 'loaded' | 'unchanged' | 'removed' | 'failed';
  problems: CompileProblem[];
}

/** A loaded page file: its text and JSON, and the page compiled per language (zh-CN at load, others on first use). */
interface PageEntry<K extends PageKind> {
  file: string;
  text: string;
  json: unknown;
  byLocale: Partial<Record<Locale, CompiledOf[K]>> & { 'zh-CN': CompiledOf[K] };
}

export class PageDescriptors {
  private readonly pages: { [K in PageKind]: Map<string, PageEntry<K>> } = {
    dictionary: new Map(),
    report: new Map(),
    portal: new Map(),
    resource: new Map(),
  };

  constructor(
    readonly schemasDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  dirOf(kind: PageKind): string {
    return path.join(this.schemasDir, DESCRIPTOR_FOLDERS[kind]);
  }

  /** The compiled page in a language (a compiled page is in one language: titles, columns, options). */
  get<K extends PageKind>(kind: K, id: string, locale: Locale = 'zh-CN'): CompiledOf[K] | undefined {
    const entry = this.pages[kind].get(id) as PageEntry<K> | undefined;
    if (!entry) return undefined;
    const compile = COMPILERS[kind] as (d: unknown, o: { file: string; strict: boolean; locale?: Locale }) => CompileResult<CompiledOf[K]>;
    return (entry.byLocale[locale] ??= compile(entry.json, { file: entry.file, strict: true, locale }).model ?? entry.byLocale['zh-CN']);
  }

  ids(kind: PageKind): string[] {
    return [...this.pages[kind].keys()].sort();
  }

  /** Loads every file of the three folders; a missing folder is no page, not an error. */
  loadAll(): PageLoadOutcome[] {
    const outcomes: PageLoadOutcome[] = [];
    for (const kind of PAGE_KINDS) {
      const dir = this.dirOf(kind);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
      for (const file of files) outcomes.push(this.loadFile(kind, file));
    }
    return outcomes;
  }

  private idOfFile(kind: PageKind, file: string): string | null {
    for (const [id, entry] of this.pages[kind]) if (entry.file === file) return id;
    return null;
  }

  /** (Re)loads one file: compiled without errors it replaces its previous version, else the previous version stays. */
  loadFile(kind: PageKind, file: string): PageLoadOutcome {
    const rel = `${DESCRIPTOR_FOLDERS[kind]}/${file}`;
    const fail = (id: string | null, problems: CompileProblem[]): PageLoadOutcome => {
      this.log.warn({ file: rel, problems }, `${kind} page ${rel} not loaded: ${problems.filter((p) => p.severity === 'error').map((p) => `${p.path || '(root)'} ${p.message}`).join('; ')}`);
      return { kind, file, id, status: 'failed', problems };
    };
    const problem = (message: string): CompileProblem => ({ file: rel, path: '', message, severity: 'error' });
    const full = path.join(this.dirOf(kind), file);
    if (!fs.existsSync(full)) return this.removeFile(kind, file);
    let text: string;
    let json: unknown;
    try {
      text = fs.readFileSync(full, 'utf8');
    } catch (e) {
      return fail(this.idOfFile(kind, file), [problem(`cannot read: ${(e as Error).message}`)]);
    }
    try {
      json = JSON.parse(text);
    } catch (e) {
      return fail(this.idOfFile(kind, file), [problem(`not valid JSON: ${(e as Error).message}`)]);
    }
    const declaredId = json && typeof json === 'object' && typeof (json as { id?: unknown }).id === 'string' ? (json as { id: string }).id : null;
    const previousId = this.idOfFile(kind, file);
    if (previousId && previousId === declaredId && this.pages[kind].get(previousId)!.text === text) {
      return { kind, file, id: previousId, status: 'unchanged', problems: [] };
    }
    const { model, problems } = COMPILERS[kind](json, { file: rel, strict: true });
    if (!model || errorsOf(problems).length) return fail(declaredId ?? previousId, problems);
    const owner = this.pages[kind].get(model.id);
    if (owner && owner.file !== file) return fail(model.id, [problem(`id "${model.id}" is already used by ${DESCRIPTOR_FOLDERS[kind]}/${owner.file}`)]);
    if (previousId && previousId !== model.id) this.pages[kind].delete(previousId);
    (this.pages[kind] as Map<string, PageEntry<typeof kind>>).set(model.id, { file, text, json, byLocale: { 'zh-CN': model } });
    if (problems.length) this.log.info({ file: rel, problems }, `${kind} page ${rel} loaded with ${problems.length} warning(s)`);
    return { kind, file, id: model.id, status: 'loaded', problems };
  }

  private removeFile(kind: PageKind, file: string): PageLoadOutcome {
    const id = this.idOfFile(kind, file);
    if (id) this.pages[kind].delete(id);
    return { kind, file, id, status: 'removed', problems: [] };
  }

  /**
   * Development only: watches the three folders and reloads a changed file (debounced),
   * then calls onChange so connected browsers reload. Returns a function that stops watching.
   */
  watch(onChange: (outcome: PageLoadOutcome) => void): () => void {
    const timers = new Map<string, NodeJS.Timeout>();
    const watchers: fs.FSWatcher[] = [];
    for (const kind of PAGE_KINDS) {
      const dir = this.dirOf(kind);
      if (!fs.existsSync(dir)) {
        this.log.info(`schema watch: ${dir} does not exist, not watching`);
        continue;
      }
      const watcher = fs.watch(dir, (_event, name) => {
        const file = name?.toString();
        if (!file || !file.endsWith('.json')) return;
        const key = `${kind}/${file}`;
        clearTimeout(timers.get(key));
        timers.set(
          key,
          setTimeout(() => {
            timers.delete(key);
            try {
              const outcome = this.loadFile(kind, file);
              if (outcome.status !== 'unchanged') onChange(outcome);
            } catch (err) {
              this.log.error({ err }, `${kind} page ${file}: reload failed`);
            }
          }, 80),
        );
      });
      watcher.on('error', (err) => this.log.warn({ err }, `schema watch of ${dir} stopped`));
      watchers.push(watcher);
    }
    return () => {
      for (const w of watchers) w.close();
      for (const t of timers.values()) clearTimeout(t);
    };
  }
}

// ---- routes ----

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'the menu entry\'s propertyJson.moduleId' }) });
const notFound = (id: string) => new AppError(ReplyCode.notFound, 'visualdev.pageNotFound', { id });

/**
 * GET /Dictionary/:id, /Report/:id, /Portal/:id: the compiled page for any signed-in user
 * whom a menu entry opening that id is granted (administrators always); 403 otherwise,
 * 404 for an id no page has.
 */
export const pageDescriptorRoutes: FastifyPluginAsyncTypebox<{ db: Db; pages: PageDescriptors }> = async (app, { db, pages }) => {
  const tags = ['visualdev'];
  const read = { access: 'signedIn' as const };

  app.get('/Dictionary/:id', {
    config: read,
    schema: {
      tags,
      summary: 'Compiled dictionary page (menu type 4); an id naming no page but a dictionary category (id or enCode) gives a page listing that category',
      params: IdParams,
      response: { 200: Envelope(DictionaryPageSchema) },
    },
  }, async (request) => {
    const { id } = request.params;
    grantedMenusOf(principalOf(request), id);
    const page = pages.get('dictionary', id, request.locale);
    if (page) return ok(page);
    const category = await findTypeByIdOrCode(db, id);
    if (!category) throw notFound(id);
    return ok({ id, fullName: nameIn(request.locale, category), dictionaryType: category.id, isTree: category.isTree === 1 });
  });

  app.get('/Report/:id', {
    config: read,
    schema: { tags, summary: 'Compiled report page (menu type 5)', params: IdParams, response: { 200: Envelope(ReportPageSchema) } },
  }, async (request) => {
    const { id } = request.params;
    grantedMenusOf(principalOf(request), id);
    const page = pages.get('report', id, request.locale);
    if (!page) throw notFound(id);
    return ok(page);
  });

  app.get('/Portal/:id', {
    config: read,
    schema: { tags, summary: 'Compiled portal page (menu type 8)', params: IdParams, response: { 200: Envelope(PortalPageSchema) } },
  }, async (request) => {
    const { id } = request.params;
    grantedMenusOf(principalOf(request), id);
    const page = pages.get('portal', id, request.locale);
    if (!page) throw notFound(id);
    return ok(page);
  });

  app.get('/Resource/:id', {
    config: read,
    schema: { tags, summary: 'Admin resource page (schemas/admin; a menu type 2 entry with this moduleId): calls, row actions, and the model parts the list and form are drawn from', params: IdParams, response: { 200: Envelope(ResourcePageSchema) } },
  }, async (request) => {
    const { id } = request.params;
    grantedMenusOf(principalOf(request), id);
    const page = pages.get('resource', id, request.locale);
    if (!page) throw notFound(id);
    return ok(page);
  });
};
