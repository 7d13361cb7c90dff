/** The full result of a query, for the Data tab: Arrow IPC bytes, never sent to the model. */
export interface DataTablePayload {
  kind: 'data-table';
  id: string;
  title: string;
  sql: string;
  rows: number;
  columns: { name: string; type: string }[];
  /** Arrow IPC stream (transferable). */
  ipc: ArrayBuffer;
  callId: string;
}
