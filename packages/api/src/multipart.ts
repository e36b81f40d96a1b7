/**
 * The body of an openapi-fetch call sent as multipart/form-data, one part per field:
 *
 *   api.POST('/expenses/{id}/receipts', { params, ...multipartBody({ file }) })
 *
 * openapi-fetch hands a FormData to fetch untouched and sets no Content-Type, so the browser writes
 * `multipart/form-data; boundary=...` itself (a JSON Content-Type would break it). The generated type of a
 * binary part is `string` (format: binary) where the browser has a Blob, hence the `never` body.
 */
export function multipartBody(parts: Readonly<Record<string, Blob>>): {
  body: never;
  bodySerializer: () => FormData;
} {
  return {
    body: parts as never,
    bodySerializer: () => {
      const form = new FormData();
      for (const [name, blob] of Object.entries(parts)) {
        if (blob instanceof File) form.append(name, blob, blob.name);
        else form.append(name, blob);
      }
      return form;
    },
  };
}
