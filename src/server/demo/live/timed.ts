/** A row the living demo sends, with the instant (epoch ms) it is due. */
export interface Timed<T> {
  at: number;
  row: T;
}
