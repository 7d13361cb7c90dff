import { type FileHandle, open } from 'node:fs/promises';

/** Bytes a source has read, for callers that check a read stayed bounded. */
export interface ReadCounter {
  bytesRead: number;
}

interface Slice {
  offset: number;
  length: number;
}

/**
 * A geotiff.js source over a Node FileHandle: each slice geotiff asks for (the header, the IFD
 * and its tag values, one tile) is one positional read, so reading a window of a 3 km file of
 * several GB costs the metadata plus the tiles the window touches, never the whole file.
 * Reads are clipped at the end of the file, as geotiff's own sources do (it asks for 1 KB at
 * every IFD, which may run past the end of a file whose IFD is its last bytes); `clipped`
 * remembers that a read met the end, so a parse failure can be reported as truncation.
 */
export class FileHandleSource {
  clipped = false;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    private readonly counter: ReadCounter,
  ) {}

  static async open(file: string, counter: ReadCounter = { bytesRead: 0 }): Promise<FileHandleSource> {
    const handle = await open(file, 'r');
    try {
      return new FileHandleSource(handle, (await handle.stat()).size, counter);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  get fileSize(): number {
    return this.size;
  }

  async fetchSlice(slice: Slice): Promise<Slice & { data: ArrayBuffer }> {
    const length = Math.max(0, Math.min(slice.length, this.size - slice.offset));
    if (length < slice.length) this.clipped = true;
    const data = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(data, done, length - done, slice.offset + done);
      if (bytesRead === 0) break; // the file shrank while being read
      done += bytesRead;
    }
    this.counter.bytesRead += done;
    return { data: data.buffer.slice(0, done), offset: slice.offset, length: done };
  }

  async fetch(slices: Slice[]): Promise<ArrayBuffer[]> {
    const results: ArrayBuffer[] = [];
    // One after another: a FileHandle read is positional, and geotiff asks for few slices at once.
    for (const slice of slices) results.push((await this.fetchSlice(slice)).data);
    return results;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
