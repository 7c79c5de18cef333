/**
 * The navigation guard of spec 2.2 as a pure decision: given where the user wants to go and
 * the session state, say what happens. The wouter integration (Guard.tsx) carries it out.
 */

/** Paths reachable without a token. */
export const WHITE_LIST: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/sso',
  '/formShortLink',
  '/guide',
  '/glyGmlogin',
  '/glyGmlogin/register',
  '/glyGmlogin/setPass',
];

/** Paths whose `token` query parameter replaces the stored token. */
export const TOKEN_QUERY_PATHS: readonly string[] = ['/home', '/debtHome', '/workFlowDetail'];

/**
 * Data-visualisation views (menu type 6, `${dataV}/view/<id>`), drawn by this app in their own
 * window. Their address carries the token (spec 2.4), so the token query applies to them too.
 */
export const DATA_V_VIEW_PREFIX = '/DataV/view/';

export const LOCK_SCREEN_PATH = '/lockScreen';
export const LOGIN_PATH = '/login';
export const GUIDE_PATH = '/guide';
export const NOT_FOUND_PATH = '/404';
export const HOME_PATH = '/home';

export interface GuardInput {
  path: string;
  /** Query string with or without the leading '?'. */
  search: string;
  token: string | null;
  locked: boolean;
  /** The menu list (user info) has been loaded for this token. */
  menuLoaded: boolean;
  /** Whether a signed-in route exists for the path (fixed, public or from the menu). */
  isKnownPath: (path: string) => boolean;
}

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Fetch user info, build the routes, then decide again. */
  | { kind: 'load' };

export interface GuardDecision {
  outcome: GuardOutcome;
  /** A token from the query that replaces the stored one (already used for this decision). */
  adoptToken?: string;
  /** A majorId from the query: mark that system message read and hide its toast. */
  markMessageRead?: string;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const params = new URLSearchParams(input.search.startsWith('?') ? input.search.slice(1) : input.search);
  const decision: Omit<GuardDecision, 'outcome'> = {};
  let token = input.token;
  let menuLoaded = input.menuLoaded;

  const queryToken = params.get('token');
  const takesToken = TOKEN_QUERY_PATHS.includes(input.path) || input.path.startsWith(DATA_V_VIEW_PREFIX);
  if (queryToken && takesToken && queryToken !== token) {
    decision.adoptToken = queryToken;
    token = queryToken;
    menuLoaded = false; // another session: its menu must be loaded afresh
  }
  const majorId = params.get('majorId');
  if (majorId) decision.markMessageRead = majorId;

  if (!token) {
    const outcome: GuardOutcome = WHITE_LIST.includes(input.path) ? { kind: 'allow' } : { kind: 'redirect', to: GUIDE_PATH };
    return { ...decision, outcome };
  }
  if (input.locked && input.path !== LOCK_SCREEN_PATH && input.path !== LOGIN_PATH) {
    return { ...decision, outcome: { kind: 'redirect', to: LOCK_SCREEN_PATH } };
  }
  if (input.path === LOGIN_PATH) return { ...decision, outcome: { kind: 'redirect', to: '/' } };
  // The root redirects to /home (spec 2.3) here, before the menu loads, so the address never
  // rests on '/' while the user info is fetched after sign-in. The query goes along.
  if (input.path === '/') {
    const query = params.toString();
    return { ...decision, outcome: { kind: 'redirect', to: query ? `${HOME_PATH}?${query}` : HOME_PATH } };
  }
  // The lock screen needs no menu: while locked the server refuses CurrentUser (603).
  if (input.path === LOCK_SCREEN_PATH) return { ...decision, outcome: { kind: 'allow' } };
  if (!menuLoaded) return { ...decision, outcome: { kind: 'load' } };
  if (!input.isKnownPath(input.path)) return { ...decision, outcome: { kind: 'redirect', to: NOT_FOUND_PATH } };
  return { ...decision, outcome: { kind: 'allow' } };
}

/** Navigating to where we already are is ignored (spec 2.2 "duplicate navigation"). */
export function isDuplicateNavigation(current: string, target: string): boolean {
  const norm = (href: string) => {
    const [path = '', query = ''] = href.split('?');
    const cleanPath = ('/' + path.replace(/^\/+/, '')).replace(/\/+$/, '') || '/';
    const sorted = new URLSearchParams(query);
    sorted.sort();
    const q = sorted.toString();
    return q ? `${cleanPath}?${q}` : cleanPath;
  };
  return norm(current) === norm(target);
}

/** The text shown when building routes fails: the message, or 'Has Error' when it is not a string. */
export function routeFailureMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'msg' in error && typeof (error as { msg: unknown }).msg === 'string') {
    return (error as { msg: string }).msg || 'Has Error';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Has Error';
}
