import { createStore } from 'jotai';

/**
 * The app's one jotai store. Components reach atoms through the small hooks of each feature;
 * tests render with their own `createStore()` so no state leaks between them.
 */
export const appStore = createStore();
