import { describe, expect, it } from '@jest/globals';
import { createFileStore, localFilesDir } from './create-file-store.js';
import { LocalDiskFileStore } from './drivers/local-disk-file-store.js';
import { fileStoreConfigSchema, withFileStoreRules } from './file-store-config.js';
import { assertValidFileKey, InvalidFileKeyError } from './file-store.js';

describe('createFileStore', () => {
  it('keeps files on local disk under <data dir>/uploads unless told otherwise', () => {
    expect(localFilesDir({}, '/srv/app')).toBe('/srv/app/.data/uploads');
    expect(localFilesDir({ PROJECTORY_DATA_DIR: '/var/lib/pj' }, '/srv/app')).toBe('/var/lib/pj/uploads');
    expect(localFilesDir({ FILES_DIR: 'files' }, '/srv/app')).toBe('/srv/app/files');
    const store = createFileStore({ FILES_DIR: '/tmp/pj-files' });
    expect(store).toBeInstanceOf(LocalDiskFileStore);
    expect((store as LocalDiskFileStore).root).toBe('/tmp/pj-files');
  });

  it('chooses S3 when a bucket is configured', async () => {
    const store = createFileStore(fileStoreConfigSchema.parse({ S3_BUCKET: 'pj-files', FILES_DIR: '/ignored' }));
    expect(store.driver).toBe('s3');
    await store.close();
  });

  it('refuses S3 settings that cannot work', () => {
    const schema = withFileStoreRules(fileStoreConfigSchema);
    expect(schema.safeParse({ S3_BUCKET: 'pj-files', S3_ACCESS_KEY_ID: 'AKIA' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['S3_SECRET_ACCESS_KEY'] }),
    ]);
    expect(schema.safeParse({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['S3_BUCKET'] }),
    ]);
    expect(() => createFileStore({ S3_ACCESS_KEY_ID: 'AKIA' })).toThrow('S3_SECRET_ACCESS_KEY');
    expect(schema.parse({ S3_BUCKET: 'pj-files' }).S3_REGION).toBe('us-east-1');
  });
});

describe('assertValidFileKey', () => {
  it('accepts the keys the services make', () => {
    expect(() => assertValidFileKey('portfolio/0b0c6f0e-6c1a-4a57-9d43-3d4f3c2f1a10/v1.pdf')).not.toThrow();
    expect(() => assertValidFileKey('avatars/u-1')).not.toThrow();
  });

  it.each(['', '..', 'a/..', 'a/../b', './a', '/a', 'C:\\a', 'a\0', 'a//b', 'a/', '.a', 'a/.b', 'ä', 'a'.repeat(201)])(
    'refuses %j',
    (key) => {
      expect(() => assertValidFileKey(key)).toThrow(InvalidFileKeyError);
    },
  );
});
