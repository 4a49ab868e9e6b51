export { fetchAllPages, type Fetch } from './all-pages';
export { cursorPages, pageParams } from './cursor-pages';
