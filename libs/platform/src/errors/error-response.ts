import { CommonErrorCode, type ErrorResponse } from '@projectory/contracts';
import { AppException, ServiceUnavailableException } from './app.exception.js';

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Nest's own HTTP exceptions (e.g. an unknown route) carry a status and a response body. */
function isNestHttpException(error: unknown): error is { getStatus(): number; message: string } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { getStatus?: unknown }).getStatus === 'function'
  );
}

/** fastify's own request errors that clients cause, in the public shape. */
const FASTIFY_ERRORS: Record<string, Omit<ErrorResponse, 'correlationId'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    code: CommonErrorCode.MalformedJson,
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    code: CommonErrorCode.MalformedJson,
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    code: CommonErrorCode.PayloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: CommonErrorCode.UnsupportedMediaType,
    message: 'Unsupported content type',
  },
};

/**
 * Errors that mean the database (or another dependency) cannot be reached, not that the request was
 * wrong: socket errors, PostgreSQL's connection exceptions (class 08), a server shutting down or not
 * yet accepting connections (57P01-57P03), no free connection slot (53300).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** pg and pg-pool say it in words only: a dropped connection, a pool that found no connection in time. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;
/** TypeORM's: a DataSource that is not (or no longer) connected. */
const UNREACHABLE_NAMES = new Set([
  'CannotExecuteNotConnectedError',
  'ConnectionIsNotSetError',
  'CannotGetEntityManagerNotConnectedError',
]);

/**
 * Whether `error` (or what it wraps: TypeORM's `driverError`, a `cause`, an AggregateError's
 * `errors`, as Node reports a refused connection to every address of a host) is an unreachable database.
 */
export function isUnreachableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, name, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return true;
  const wrapped = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return wrapped.some((inner) => inner !== error && isUnreachableError(inner, depth + 1));
}

const statusCodes: Record<number, string> = {
  400: CommonErrorCode.ValidationFailed,
  401: CommonErrorCode.Unauthenticated,
  403: CommonErrorCode.Forbidden,
  404: CommonErrorCode.NotFound,
  408: CommonErrorCode.RequestTimeout,
  413: CommonErrorCode.PayloadTooLarge,
  415: CommonErrorCode.UnsupportedMediaType,
  429: CommonErrorCode.RateLimited,
};

/**
 * Maps anything thrown while handling a request to the public error shape. Only AppExceptions and
 * known framework errors reveal their message; an unreachable database is 503 SERVICE_UNAVAILABLE
 * with Retry-After (API.md); everything else becomes a bare 500.
 */
export function toErrorResponse(
  error: unknown,
  correlationId?: string,
): { body: ErrorResponse; headers?: Record<string, string> } {
  if (error instanceof AppException) {
    return {
      body: {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        issues: error.issues,
        correlationId,
      },
      headers: error.headers,
    };
  }
  if (isUnreachableError(error)) return toErrorResponse(new ServiceUnavailableException(), correlationId);
  // Nest wraps fastify's own 4xx errors (bad JSON, body too large) in an HttpException.
  const cause = (error as { cause?: FastifyLikeError } | undefined)?.cause;
  if (isNestHttpException(error) && cause?.code?.startsWith('FST_')) return toErrorResponse(cause, correlationId);
  const fastifyError = error as FastifyLikeError;
  const known = fastifyError?.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return { body: { ...known, correlationId } };
  // By name, not instanceof: the parser's SyntaxError may come from another realm.
  if ((error as Error)?.name === 'SyntaxError' && fastifyError.statusCode === 400) {
    return {
      body: {
        statusCode: 400,
        code: CommonErrorCode.MalformedJson,
        message: 'Request body is not valid JSON',
        correlationId,
      },
    };
  }
  if (isNestHttpException(error)) {
    const statusCode = error.getStatus();
    if (statusCode < 500) {
      return {
        body: { statusCode, code: statusCodes[statusCode] ?? 'HTTP_ERROR', message: error.message, correlationId },
      };
    }
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      body: {
        statusCode: status,
        code: statusCodes[status] ?? 'HTTP_ERROR',
        message: fastifyError.message ?? 'Bad request',
        correlationId,
      },
    };
  }
  return { body: { statusCode: 500, code: CommonErrorCode.Internal, message: 'Something went wrong', correlationId } };
}
