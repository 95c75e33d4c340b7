import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { AppError } from '../errors';
import {
  assertSafeKey,
  assertSafePrefix,
  contentTypeForKey,
  type Storage,
  type StoredEntry,
} from './storage';

/**
 * Files under `dir`, at the path their key names, so an operator can browse and back them
 * up. Content types sit in `dir/.meta/<key>.json`; partial writes go to `dir/.tmp` and are
 * renamed into place (same file system, so the rename is atomic). Keys never start a
 * segment with `.`, so neither folder can collide with an object.
 */
export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');
  const metaDir = path.join(root, '.meta');

  const objectPath = (key: string) => {
    assertSafeKey(key);
    const full = path.join(root, ...key.split('/'));
    // Belt and braces: the key check already makes escaping the root impossible.
    if (!full.startsWith(root + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  const metaPath = (key: string) => path.join(metaDir, ...key.split('/')) + '.json';

  async function writeAtomically(target: string, body: Buffer | Readable) {
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function readContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch {
      // No metadata (e.g. a crash between the two renames): fall back to the extension.
    }
    return contentTypeForKey(key);
  }

  async function walk(folder: string, prefixPath: string, out: StoredEntry[]) {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = prefixPath ? `${prefixPath}/${entry.name}` : entry.name;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full, key, out);
      else if (entry.isFile()) {
        const info = await stat(full);
        out.push({ key, size: info.size, lastModified: info.mtime });
      }
    }
  }

  return {
    driver: 'local',

    async put(key, body, { contentType }) {
      const target = objectPath(key);
      await writeAtomically(target, body);
      await writeAtomically(metaPath(key), Buffer.from(JSON.stringify({ contentType })));
    },

    async get(key) {
      const file = objectPath(key);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return { body: createReadStream(file), contentType: await readContentType(key), size };
    },

    async delete(key) {
      await rm(objectPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(objectPath(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async list(prefix) {
      assertSafePrefix(prefix);
      // Walk only the deepest folder the prefix names, then filter on the rest.
      const folderPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folderPart ? path.join(root, ...folderPart.split('/')) : root;
      const out: StoredEntry[] = [];
      await walk(start, folderPart, out);
      return out.filter((e) => e.key.startsWith(prefix)).sort((a, b) => a.key.localeCompare(b.key));
    },

    async move(from, to) {
      const source = objectPath(from);
      const target = objectPath(to);
      if (from === to) return;
      const contentType = await readContentType(from);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw AppError.notFound('No such file');
        throw error;
      }
      await writeAtomically(metaPath(to), Buffer.from(JSON.stringify({ contentType })));
      await rm(metaPath(from), { force: true });
    },
  };
}
