import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { ErrorIssue } from '@projectory/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationException } from '../errors/app.exception.js';

/** NUL, or a UTF-16 surrogate without its pair: text Postgres cannot store (API.md Conventions). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** Whether `text` holds no NUL and no lone surrogate, so Postgres can store and compare it. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain a NUL character or an unpaired UTF-16 surrogate';

/** More than this many refused fields are not listed one by one. */
const MAX_ISSUES = 20;

/**
 * A dictionary: a JSON object, or a query object (fast-querystring's have a prototype-less prototype).
 * Class instances such as a Buffer body or a stream are not text and not walked.
 */
const isDictionary = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/** A field's path as a linked list from the leaf up: a deep body is walked without copying paths. */
interface PathNode {
  readonly parent: PathNode | undefined;
  readonly key: string;
}

function pathText(node: PathNode | undefined): string {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key.replace(UNSTORABLE_ALL, '\uFFFD'));
  return keys.reverse().join('.');
}

/**
 * Every place in a parsed JSON body or query string (`value`) where a key or a string holds text
 * Postgres cannot store, in the body's order, as validation issues whose `path` names the field the
 * way zod issues do (`links.0.url`; a bad key is shown with U+FFFD in place of the bad characters).
 * Walks plain objects, arrays and strings only (a raw Buffer or stream body is not text), without
 * recursion, so a deeply nested body cannot overflow the stack. At most MAX_ISSUES issues.
 */
export function unstorableTextIssues(value: unknown): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  // `badKey`: the node's own key is the bad text; its value is not looked at.
  const pending: { value?: unknown; path: PathNode | undefined; badKey?: true }[] = [{ value, path: undefined }];
  while (pending.length > 0 && issues.length < MAX_ISSUES) {
    const { value: current, path, badKey } = pending.pop()!;
    if (badKey || (typeof current === 'string' && !isStorableText(current))) {
      issues.push({ path: pathText(path), message: UNSTORABLE_TEXT_MESSAGE });
    } else if (Array.isArray(current)) {
      // Pushed in reverse, so the issues come out in the body's order.
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], path: { parent: path, key: String(index) } });
      }
    } else if (isDictionary(current)) {
      for (const key of Object.keys(current).reverse()) {
        const child = { parent: path, key };
        pending.push(isStorableText(key) ? { value: current[key], path: child } : { path: child, badKey: true });
      }
    }
  }
  return issues;
}

/**
 * Installed for every route of every service (ServiceCoreModule): a JSON body or query string with a
 * NUL or a lone surrogate anywhere, in a key or a value, is a 400 `VALIDATION_FAILED` naming the field,
 * before any pipe or handler sees it. Registered as the global guard after InternalAuthGuard, so a
 * caller who may not call the route still gets 401/403 first (services declare no other guards).
 * A guard rather than an interceptor: with no interceptor on a route Nest runs the handler without
 * wrapping it in RxJS observables, which was a large part of a small request's cost (benchmark B1).
 * Path parameters are left to their pipes (an id that cannot be one is a 404).
 */
@Injectable()
export class StorableTextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const issues = [...unstorableTextIssues(request.query), ...unstorableTextIssues(request.body)];
      if (issues.length > 0) throw new ValidationException(issues.slice(0, MAX_ISSUES));
    }
    return true;
  }
}
