import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../platform/storage/storage';

/**
 * The behaviour every storage driver promises. Each driver's test file calls this with a
 * factory that returns a fresh, empty store, so local disk and S3 are held to one contract.
 */
export function describeStorageContract(name: string, createStore: () => Promise<Storage>) {
  describe(`${name} storage contract`, () => {
    let store: Storage;
    beforeEach(async () => {
      store = await createStore();
    });

    it('stores a buffer and returns the same bytes, type and size', async () => {
      const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes');
      await store.put('b1/main.abc12345.webp', bytes, { contentType: 'image/webp' });
      const got = await store.get('b1/main.abc12345.webp');
      expect(got).not.toBeNull();
      expect(got!.contentType).toBe('image/webp');
      expect(got!.size).toBe(bytes.length);
      expect(Buffer.compare(await buffer(got!.body), bytes)).toBe(0);
    });

    it('stores a stream', async () => {
      const parts = [Buffer.from('%PDF-1.4 '), Buffer.from('second part')];
      await store.put('temp/documents/tax_registration_1.pdf', Readable.from(parts), {
        contentType: 'application/pdf',
      });
      const got = await store.get('temp/documents/tax_registration_1.pdf');
      expect((await buffer(got!.body)).toString()).toBe('%PDF-1.4 second part');
      expect(got!.contentType).toBe('application/pdf');
    });

    it('overwrites an existing key', async () => {
      await store.put('k/a.png', Buffer.from('one'), { contentType: 'image/png' });
      await store.put('k/a.png', Buffer.from('two!'), { contentType: 'image/png' });
      const got = await store.get('k/a.png');
      expect((await buffer(got!.body)).toString()).toBe('two!');
      expect(got!.size).toBe(4);
    });

    it('answers null and false for a missing key, and deleting one is not an error', async () => {
      expect(await store.get('nothing/here.png')).toBeNull();
      expect(await store.exists('nothing/here.png')).toBe(false);
      await expect(store.delete('nothing/here.png')).resolves.toBeUndefined();
    });

    it('deletes', async () => {
      await store.put('d/x.png', Buffer.from('x'), { contentType: 'image/png' });
      expect(await store.exists('d/x.png')).toBe(true);
      await store.delete('d/x.png');
      expect(await store.exists('d/x.png')).toBe(false);
      expect(await store.get('d/x.png')).toBeNull();
    });

    it('lists keys under a prefix, and only those', async () => {
      await store.put('temp/documents/a_1.pdf', Buffer.from('a'), { contentType: 'application/pdf' });
      await store.put('temp/documents/b_2.pdf', Buffer.from('bb'), { contentType: 'application/pdf' });
      await store.put('tempest/other.png', Buffer.from('c'), { contentType: 'image/png' });
      await store.put('biz/main.png', Buffer.from('d'), { contentType: 'image/png' });

      const listed = await store.list('temp/');
      expect(listed.map((e) => e.key)).toEqual(['temp/documents/a_1.pdf', 'temp/documents/b_2.pdf']);
      expect(listed[1]!.size).toBe(2);
      expect(listed[0]!.lastModified).toBeInstanceOf(Date);
      expect((await store.list('temp')).map((e) => e.key)).toContain('tempest/other.png');
      expect((await store.list('')).length).toBe(4);
      expect(await store.list('missing/')).toEqual([]);
    });

    it('moves an object with its content type', async () => {
      await store.put('temp/documents/id_document_5.png', Buffer.from('img'), { contentType: 'image/png' });
      await store.move('temp/documents/id_document_5.png', 'b9/documents/id_document_5.png');
      expect(await store.exists('temp/documents/id_document_5.png')).toBe(false);
      const got = await store.get('b9/documents/id_document_5.png');
      expect((await buffer(got!.body)).toString()).toBe('img');
      expect(got!.contentType).toBe('image/png');
    });

    it('refuses to move a missing object', async () => {
      await expect(store.move('no/such.png', 'b/such.png')).rejects.toMatchObject({ status: 404 });
    });

    it.each(['../escape.png', 'a/../../b.png', '/etc/passwd', 'a\\b.png', '', 'a//b.png', '.hidden', 'a/./b'])(
      'refuses the unsafe key %j',
      async (key) => {
        await expect(store.put(key, Buffer.from('x'), { contentType: 'image/png' })).rejects.toMatchObject({
          code: 'invalid_file_key',
        });
        await expect(store.get(key)).rejects.toMatchObject({ code: 'invalid_file_key' });
        await expect(store.delete(key)).rejects.toMatchObject({ code: 'invalid_file_key' });
      },
    );

    it('leaves nothing behind when a streamed upload fails', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.from('partial data'));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(store.put('f/broken.pdf', failing, { contentType: 'application/pdf' })).rejects.toThrow();
      expect(await store.exists('f/broken.pdf')).toBe(false);
      expect(await store.list('')).toEqual([]);
    });
  });
}
