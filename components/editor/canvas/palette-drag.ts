/** The drag-and-drop data type of a palette item: its value is the state type to add. */
export const PALETTE_MIME = 'application/x-dcf-state';
