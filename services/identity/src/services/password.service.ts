import { Algorithm, hash, verify } from '@node-rs/argon2';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@projectory/platform';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { IdentityConfig } from '../identity.config.js';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. Tests may ask for a cheaper cost. */
const OWASP = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const FAST = { algorithm: Algorithm.Argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** zxcvbn's list of about 49,000 passwords seen most in breaches, lower-cased; shorter ones fail the length rule anyway. */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common'].map((password) => password.toLowerCase()).filter((password) => password.length >= 8),
);

@Injectable()
export class PasswordService {
  private readonly options: typeof OWASP;
  /** Verified against when the e-mail is unknown, so that both failures take the same time. */
  private readonly decoy: Promise<string>;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.options = config.ARGON2_FAST ? FAST : OWASP;
    this.decoy = hash('projectory-decoy-password', this.options);
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    if (!passwordHash) {
      await verify(await this.decoy, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }

  /** True for a password on the list of common ones (case-insensitive). */
  isCommon(password: string): boolean {
    return COMMON_PASSWORDS.has(password.toLowerCase());
  }
}
