export type { ApiClient, ApiClientOptions, ApiErrorLog, TokenStorage } from './client';
export { createApiClient, TOKEN_KEY } from './client';
export type { DataOf, FetchResult } from './call';
export { call, callEffect } from './call';
export type { ApiError, CallError, DefaultMessage } from './errors';
export {
  HttpError,
  httpError,
  isApiError,
  NetworkError,
  NO_RESPONSE_MESSAGE,
  thrownError,
} from './errors';
export type { components, operations, paths } from './schema';
export type * from './types';
export { multipartBody } from './multipart';
export {
  CallPolicy,
  DEFAULT_CALL_POLICY,
  isRetryable,
  KittyClient,
  request,
  retrySchedule,
  timeoutMessage,
  withCallPolicy,
} from './effect';
