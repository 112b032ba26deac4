/** What the preview gives every paged viewer (PDF, TIFF): the zoom, the page shown, and what it reports back. */
export interface PagedViewProps {
  zoom: number;
  page: number;
  onPages(count: number): void;
  onError(message: string): void;
  /** The shown page's size in CSS pixels at zoom 1 (for fit-to-page). */
  onPageSize?(width: number, height: number): void;
}
