import { createStore } from 'jotai';

/**
 * The one jotai store of the app. Passed to <Provider> in main.tsx and used directly by
 * non-React code (API client, session reset) so both see the same state.
 */
export const appStore = createStore();
