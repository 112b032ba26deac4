/** The page shown of a document (0-based), kept in the pages slice so the preview and the page strip agree. */
export interface ShownPage {
  id: string;
  page: number;
}

/** The page of `id` the preview and strip show (0 when another document's page is remembered). */
export function pageOf(state: { shownPage?: ShownPage | undefined }, id: string | undefined): number {
  return id !== undefined && state.shownPage?.id === id ? state.shownPage.page : 0;
}
