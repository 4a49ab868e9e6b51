/** The part of @digitalbazaar/vc-bitstring-status-list (plain JavaScript, no types of its own) this service uses. */
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length?: number; buffer?: Uint8Array });
    readonly length: number;
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    /** Multibase base64url (`u` prefix, no padding) of the GZIP of the bits, index 0 the left-most bit. */
    encode(): Promise<string>;
    static decode(options: { encodedList: string }): Promise<BitstringStatusList>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
}
